"""What outside text held in an array becomes: the numbers parsed from it (``n = atoi(buf)``,
``strtol``, ``sscanf(buf, "%d", &n)``), followed to the places they size, index or compute
something -- in the function, in the workspace functions they are handed to, and in the callers a
function returns them to -- where the analyst's own checks (arithmetic, indexes, copy lengths)
judge each use.

A declaration finding (``char buf[N]``) is about more than the array's own bounds: flawfinder's
hint is that a fixed-size array's contents may be improperly restricted. The array may never be
overrun while the text it received from outside becomes the number that overflows an allocation or
an index elsewhere; :func:`outside_text` and :func:`number_hazard` find that path.
"""

from __future__ import annotations

from dataclasses import dataclass

from tree_sitter import Node

from .c_conditions import dead_branch
from .c_context import Ctx
from .c_copies import copy_safe
from .c_index import index_safe
from .c_overflow import arith_safe
from .c_provenance import INPUT_WRITERS, definition_of, written_by
from .c_spec import COPY_FUNCS, FORMAT_FUNCS, NUMBER_PARSERS, READ_ONLY_ARGS, SCAN_FUNCS
from .c_tree import (
    call_args,
    declared_name,
    enclosing_function,
    file_macros,
    func_name,
    in_sizeof,
    inside,
    line_of,
    param_names,
    pointer_bases,
    strip_expr,
    text,
    walk,
)
from .outcome import Outcome

MAX_DEPTH = 3  # functions followed away from the one that parsed the number (callees and callers)
MAX_CALLERS = 20
_ARITH = {"+", "-", "*", "<<", "+=", "-=", "*=", "<<=", "++", "--"}
_PASS_THROUGH = {
    "parenthesized_expression",
    "cast_expression",
    "conditional_expression",
    "comma_expression",
    "argument_list",
}


@dataclass(frozen=True)
class Hazard:
    """A use of the number that the analyst judges unsafe (``outcome``), with the steps that lead
    to it from the conversion (sentences naming their lines)."""

    steps: tuple[str, ...]
    outcome: Outcome


def outside_text(ctx: Ctx, scope: Node, pointers: set[str]) -> tuple[Node, str] | None:
    """The first live call in ``scope`` that puts outside text into the object the ``pointers``
    point into (a reader such as fgets/recv/read/scanf, or a copy of text from the environment, a
    parameter or another reader), with what it reads (a sentence)."""
    for n in walk(scope):
        if n.type != "call_expression" or ctx.callee(n) in READ_ONLY_ARGS:
            continue
        args = call_args(n)
        hit = next((b for a in args for b in sorted(pointer_bases(a) & pointers)), None)
        if hit is None or dead_branch(ctx, n) is not None:
            continue
        func = enclosing_function(n)
        if func is None:
            continue
        callee = ctx.callee(n)
        if callee in INPUT_WRITERS and (callee not in SCAN_FUNCS or _scanned_into(n, callee, pointers)):
            return n, f"{callee}() at line {line_of(n)} reads outside input into `{hit}`"
        clean, note = written_by(ctx, n, hit, func, 0)
        if clean is False and note is not None:
            given = f"what line {note.start_line} gives: {note.why}"
            return n, f"{callee}() at line {line_of(n)} writes into `{hit}` {given}"
    return None


def _scanned_into(call: Node, callee: str, pointers: set[str]) -> bool:
    args = call_args(call)
    return any(pointer_bases(a) & pointers for a in args[SCAN_FUNCS[callee] + 1 :])


def number_hazard(ctx: Ctx, scope: Node, pointers: set[str]) -> Hazard | None:
    """The first unsafe use of a number parsed from the text of the object ``pointers`` point into."""
    for call in walk(scope):
        if call.type != "call_expression" or ctx.callee(call) not in NUMBER_PARSERS:
            continue
        args = call_args(call)
        if not args or not pointer_bases(args[0]) & pointers or dead_branch(ctx, call) is not None:
            continue
        func = enclosing_function(call)
        if func is None:
            continue
        parser = ctx.callee(call)
        seen: set[tuple[str, int, str]] = set()
        if parser in SCAN_FUNCS:
            for a in args[SCAN_FUNCS[parser] + 1 :]:
                name = _address_of(a)
                if not name:
                    continue
                step = f"{parser}() at line {line_of(call)} parses its text into `{name}`"
                got = _variable(ctx, func, name, call, depth=0, seen=seen)
                if got is not None:
                    return Hazard((step, *got.steps), got.outcome)
            continue
        step = f"{parser}() at line {line_of(call)} turns its text into a number"
        got = _climb(ctx, call, func, 0, seen)
        if got is not None:
            return Hazard((step, *got.steps), got.outcome)
    return None


def _address_of(arg: Node) -> str:
    a = strip_expr(arg)
    if a.type == "pointer_expression" and text(a.child_by_field_name("operator")) == "&":
        inner = strip_expr(a.child_by_field_name("argument") or a)
        return text(inner) if inner.type == "identifier" else ""
    return ""


def _variable(
    ctx: Ctx, func: Node, name: str, after: Node | None, *, depth: int, seen: set[tuple[str, int, str]]
) -> Hazard | None:
    """The uses of the number held in ``name`` in ``func`` (after ``after``, when given)."""
    key = (ctx.path, func.start_byte, name)
    if key in seen:
        return None
    seen.add(key)
    body = func.child_by_field_name("body")
    if body is None:
        return None
    start = after.end_byte if after is not None else body.start_byte
    for n in walk(body):
        if n.type != "identifier" or text(n) != name or n.start_byte < start or in_sizeof(n):
            continue
        if dead_branch(ctx, n) is not None:
            continue
        got = _climb(ctx, n, func, depth, seen)
        if got is not None:
            return got
    return None


def _climb(ctx: Ctx, occ: Node, func: Node, depth: int, seen: set[tuple[str, int, str]]) -> Hazard | None:
    """Judge the expressions that use the number at ``occ``, from the innermost outwards, until
    the value stops being the number (a comparison, a call's result, a statement)."""
    child = occ
    cur = occ.parent
    while cur is not None:
        t = cur.type
        if t in _PASS_THROUGH:
            if t == "conditional_expression" and child == cur.child_by_field_name("condition"):
                return None
            if t == "argument_list":  # the call judges its argument (``child``) by position
                cur = cur.parent
                continue
            child, cur = cur, cur.parent
            continue
        if t == "subscript_expression":
            index = cur.child_by_field_name("index")
            if index is None or not inside(child, index):
                return None  # the number is the array, not the index: not modelled here
            return _judged(ctx, index_safe(ctx, cur), f"it indexes `{text(cur)}` at line {line_of(cur)}")
        if t == "binary_expression":
            op = text(cur.child_by_field_name("operator"))
            if op not in _ARITH:
                return None  # a comparison or a logical test: a truth value, not the number
            got = _judged(ctx, arith_safe(ctx, cur), f"it enters `{text(cur)}` at line {line_of(cur)}")
            if got is not None:
                return got
        elif t == "update_expression":
            return _judged(
                ctx, arith_safe(ctx, cur), f"it is stepped by `{text(cur)}` at line {line_of(cur)}"
            )
        elif t == "assignment_expression":
            left, right = cur.child_by_field_name("left"), cur.child_by_field_name("right")
            op = text(cur.child_by_field_name("operator"))
            if left is None or right is None:
                return None
            if inside(child, left):
                if op in _ARITH:
                    return _judged(
                        ctx, arith_safe(ctx, cur), f"it is updated by `{text(cur)}` at line {line_of(cur)}"
                    )
                return None  # a new value for the variable
            if op in _ARITH:
                got = _judged(ctx, arith_safe(ctx, cur), f"it enters `{text(cur)}` at line {line_of(cur)}")
                if got is not None:
                    return got
            target = strip_expr(left)
            if target.type != "identifier":
                return None
            return _stored(ctx, func, text(target), cur, depth=depth, seen=seen)
        elif t == "init_declarator":
            name = declared_name(cur.child_by_field_name("declarator"))
            return _stored(ctx, func, name, cur, depth=depth, seen=seen) if name else None
        elif t == "call_expression":
            return _handed(ctx, cur, child, depth, seen)
        elif t == "return_statement":
            return _returned(ctx, func, cur, depth, seen)
        else:
            return None
        child, cur = cur, cur.parent
    return None


def _stored(
    ctx: Ctx, func: Node, name: str, at: Node, *, depth: int, seen: set[tuple[str, int, str]]
) -> Hazard | None:
    got = _variable(ctx, func, name, at, depth=depth, seen=seen)
    if got is None:
        return None
    return Hazard((f"it is stored in `{name}` at line {line_of(at)}", *got.steps), got.outcome)


def _handed(ctx: Ctx, call: Node, arg: Node, depth: int, seen: set[tuple[str, int, str]]) -> Hazard | None:
    """The number is an argument of ``call``: a copy's length is judged as the copy; a workspace
    function is followed through its parameter."""
    args = call_args(call)
    if arg not in args:
        return None
    pos = args.index(arg)
    callee = ctx.callee(call)
    if callee in COPY_FUNCS:
        if COPY_FUNCS[callee][2] != pos:
            return None
        return _judged(ctx, copy_safe(ctx, call), f"it is the length of {callee}() at line {line_of(call)}")
    if callee in READ_ONLY_ARGS or callee in FORMAT_FUNCS or callee in NUMBER_PARSERS or depth >= MAX_DEPTH:
        return None
    found = definition_of(ctx, call)
    if found is None:
        return None
    octx, fdef = found
    params = param_names(fdef)
    if pos >= len(params) or not params[pos]:
        return None
    got = _variable(octx, fdef, params[pos], None, depth=depth + 1, seen=seen)
    if got is None:
        return None
    step = f"it is handed to {callee}() at line {line_of(call)} as `{params[pos]}`"
    return Hazard((step, *got.steps), got.outcome)


def _returned(ctx: Ctx, func: Node, ret: Node, depth: int, seen: set[tuple[str, int, str]]) -> Hazard | None:
    """``return n``: the number goes on in every workspace caller of ``func``."""
    if depth >= MAX_DEPTH:
        return None
    name = func_name(func)
    try:
        sites = ctx.index.callers(name, limit=MAX_CALLERS)
    except Exception:
        return None
    for site in sites:
        parsed = ctx.parsed if site.path == ctx.path else ctx.index.file(site.path)
        if parsed is None:
            continue
        octx = (
            ctx
            if parsed is ctx.parsed
            else Ctx(ctx.finding, parsed, ctx.index, file_macros(parsed.tree.root_node))
        )
        for call in walk(parsed.tree.root_node):
            if call.type != "call_expression" or line_of(call) != site.line or octx.callee(call) != name:
                continue
            caller = enclosing_function(call)
            if caller is None or dead_branch(octx, call) is not None:
                continue
            got = _climb(octx, call, caller, depth + 1, seen)
            if got is not None:
                where = f"{func_name(caller)}() at line {line_of(call)}"
                return Hazard((f"it is returned at line {line_of(ret)} to {where}", *got.steps), got.outcome)
    return None


def _judged(ctx: Ctx, got: object, step: str) -> Hazard | None:
    """A use the analyst keeps (TRUE_POSITIVE) is a hazard; a proven or unjudged one is not."""
    if isinstance(got, Outcome) and got.verdict == "TRUE_POSITIVE":
        return Hazard((step,), got)
    return None
