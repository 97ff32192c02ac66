"""What an allocation call reserves, as the library allocator it amounts to and its size arguments.

A library allocator (``malloc(n)``, ``calloc(k, n)``, ``realloc(p, n)``, ``alloca(n)``) is itself. A
function of the same file is followed (never trusted by its name): ``xcalloc(size_t n, size_t sz) { if
((p = calloc(n, sz)) == NULL) { perror("calloc"); exit(1); } return p; }`` amounts to ``calloc`` of
the caller's arguments when every return is NULL or the block one library allocator call reserved,
whose size arguments are parameters the function never changes (or ``n ? n : 1``, at least
``n``). A well-known wrapper that the file does not define (``xmalloc`` of git or BusyBox,
``g_malloc``) is taken for what its name says."""

from __future__ import annotations

from tree_sitter import Node

from .c_callers import keeps_value
from .c_conditions import reaching_value
from .c_context import Ctx
from .c_tree import call_args, file_function, param_names, strip_expr, text, walk

_LIBRARY = {"malloc": "malloc", "alloca": "malloc", "_alloca": "malloc", "__builtin_alloca": "malloc"}
_LIBRARY |= {"calloc": "calloc", "realloc": "realloc"}
_BY_NAME = {"xmalloc": "malloc", "g_malloc": "malloc", "g_malloc0": "malloc", "xzalloc": "malloc"}
_BY_NAME |= {"xcalloc": "calloc", "xrealloc": "realloc", "g_realloc": "realloc"}
_ARITY = {"malloc": 1, "calloc": 2, "realloc": 2}


def allocation(ctx: Ctx, call: Node) -> tuple[str, list[Node]] | None:
    """(``malloc``, ``calloc`` or ``realloc``, the arguments it is handed, in the caller's terms) for
    an allocation call; None for any other call."""
    if call.type != "call_expression":
        return None
    name = ctx.callee(call)
    args = call_args(call)
    kind = _LIBRARY.get(name)
    if kind is not None:
        return (kind, args) if len(args) == _ARITY[kind] else None
    helper = file_function(ctx.parsed.tree.root_node, name)
    if helper is None:
        kind = _BY_NAME.get(name)
        return (kind, args) if kind is not None and len(args) == _ARITY[kind] else None
    return _wrapped(ctx, helper, args)


def _wrapped(ctx: Ctx, helper: Node, args: list[Node]) -> tuple[str, list[Node]] | None:
    params = param_names(helper)
    if len(params) != len(args) or not all(keeps_value(helper, p) for p in params):
        return None
    got: tuple[str, list[str]] | None = None
    for r in (n for n in walk(helper) if n.type == "return_statement"):
        value = strip_expr(r.named_children[0]) if r.named_children else None
        if value is None:
            return None
        if value.type == "null" or text(value) in {"NULL", "0"}:
            continue
        if value.type == "identifier":
            reached = reaching_value(ctx, text(value), r, helper, in_conditions=True)
            value = strip_expr(reached) if reached is not None else value
        if value.type != "call_expression" or _LIBRARY.get(ctx.callee(value)) is None:
            return None
        kind = _LIBRARY[ctx.callee(value)]
        inner = call_args(value)
        named = [_param_of(a, params) for a in inner]
        if len(inner) != _ARITY[kind] or None in named:
            return None
        this = (kind, [n for n in named if n is not None])
        if got is not None and got != this:
            return None
        got = this
    if got is None:
        return None
    kind, parts = got
    return kind, [args[params.index(part)] for part in parts]


def _param_of(a: Node, params: list[str]) -> str | None:
    """The parameter ``a`` is, or reserves at least: ``n``, or ``n ? n : 1`` (at least one byte)."""
    e = strip_expr(a)
    if e.type == "conditional_expression":
        cond, first = e.child_by_field_name("condition"), e.child_by_field_name("consequence")
        other = e.child_by_field_name("alternative")
        if cond is None or first is None or other is None or not text(strip_expr(other)).isdigit():
            return None
        if text(strip_expr(cond)) != text(strip_expr(first)):
            return None
        e = strip_expr(first)
    return text(e) if text(e) in params else None
