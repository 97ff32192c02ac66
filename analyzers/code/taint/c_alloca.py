"""cppcheck's ``allocaCalled`` (and any finding on an ``alloca`` call): stack memory that is never
released before the function returns, with no failure result.

The call is harmless only when all of these hold: its size is a constant no larger than
:data:`SMALL_STACK_BLOCK` (input cannot make it exhaust the stack), it runs at most once per call of
its function (not inside a loop, the function not recursive), and the block it returns is used
like a fixed-size stack array that is judged the way a ``char buf[N]`` declaration is: every access
through pointers into it stays inside it. Anything else keeps the finding or asks for review.
"""

from __future__ import annotations

from tree_sitter import Node

from .c_context import Ctx, review
from .c_tree import (
    aliases_of,
    assigned_to,
    call_args,
    callee_of,
    enclosing_function,
    func_name,
    line_of,
    on_lines,
    text,
    walk,
)
from .c_values import const_int
from .c_words import accesses, called
from .outcome import Outcome

ALLOCAS = frozenset({"alloca", "_alloca", "__builtin_alloca", "__builtin_alloca_with_align"})
# Bytes a single constant alloca may take without being a stack-exhaustion risk on any
# mainstream target (threads get 64 KiB stacks and more; 8 MiB on Linux by default).
SMALL_STACK_BLOCK = 16 * 1024
_LOOPS = {"for_statement", "while_statement", "do_statement"}


def judge_alloca(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
    calls = [c for c in on_lines(root, lo, hi, {"call_expression"}) if ctx.callee(c) in ALLOCAS]
    if not calls:
        return review("alloca call", ctx.path, lo)
    from .c_decls import block_uses
    from .c_index import index_safe

    notes = []
    said: list[str] = []
    for call in calls:
        fn = ctx.callee(call)
        func = enclosing_function(call)
        args = call_args(call)
        size = const_int(ctx, args[0], func) if args else None
        if func is None or size is None:
            return _review(
                ctx,
                call,
                f"the size `{text(args[0]) if args else ''}` of {fn}() is not a constant, "
                "so input may decide how much stack it takes",
            )
        if size > SMALL_STACK_BLOCK:
            return _review(ctx, call, f"the call to {fn}() takes {size} bytes of stack at once")
        loop = _enclosing_loop(call, func)
        if loop is not None:
            return _review(
                ctx,
                call,
                f"the call to {fn}() runs inside the loop at line {loop.start_point[0] + 1}; "
                "its memory is only released when the function returns",
            )
        if _recursive(func):
            return _review(
                ctx,
                call,
                f"the function {func_name(func)}() calls itself, so each level takes another {size} bytes",
            )
        notes.append(ctx.note(call, f"{fn}() reserves a constant {size} bytes, once per call", "constant"))
        name = _assigned_to(call)
        if name is None:
            return _review(
                ctx,
                call,
                f"the block {fn}() returns is not kept in a local pointer the analyst can follow",
            )
        got = block_uses(ctx, name, func, index_safe)
        if isinstance(got, Outcome):
            return got
        notes.extend(got[:5])
        said.append(
            accesses(
                f"{called(ctx, call)} at line {line_of(call)} reserves a constant {size} bytes once per "
                f"call of {func_name(func)}() (no loop, no recursion), and every access to the block through "
                f"`{name}` stays inside it",
                got,
                aliases_of(func, name),
            )
        )
    return Outcome(
        "FALSE_POSITIVE",
        0.8,
        "small constant alloca used inside its bounds",
        " ".join(said),
        notes,
    )


def _review(ctx: Ctx, call: Node, why: str) -> Outcome:
    return Outcome(
        "NEEDS_REVIEW",
        0.5,
        "stack allocation not proven bounded",
        why[0].upper() + why[1:] + ".",
        [ctx.note(call, why, "sink")],
    )


def _enclosing_loop(node: Node, func: Node) -> Node | None:
    cur = node.parent
    while cur is not None and cur != func:
        if cur.type in _LOOPS:
            return cur
        cur = cur.parent
    return None


def _recursive(func: Node) -> bool:
    name = func_name(func)
    return bool(name) and any(n.type == "call_expression" and callee_of(n) == name for n in walk(func))


def _assigned_to(call: Node) -> str | None:
    """The local variable an allocation is stored into."""
    got = assigned_to(call)
    return got if got is not None and got.isidentifier() else None
