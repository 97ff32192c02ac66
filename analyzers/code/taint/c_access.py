"""flawfinder's race/access (CWE-362/367): ``access()`` checks a path, and something later opens or
runs it; another user may swap the file in between (time of check, time of use).

There is no such window when nothing acts on the path after the check: every later use of the
path's variables in the function only prints them, the variables are the function's own (not a
parameter or a global a caller could act on afterwards), and the check's result does not leave the
function (it is not returned, nor stored where a caller could read it). Anything else keeps the
finding for a human look."""

from __future__ import annotations

from tree_sitter import Node

from .c_context import Ctx, review
from .c_spec import ACCESS_CHECKS, PRINTERS
from .c_tree import call_args, enclosing_function, line_of, on_lines, param_names, strip_expr, text, walk
from .c_values import declared_in
from .outcome import Outcome

_PRINTING = PRINTERS | {"puts", "fputs", "perror", "vfprintf", "vprintf"}


def judge_access(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
    calls = [c for c in on_lines(root, lo, hi, {"call_expression"}) if ctx.callee(c) in ACCESS_CHECKS]
    if not calls:
        return review("check of a path", ctx.path, lo)
    for call in calls:
        why = _acted_on(ctx, call)
        if why is not None:
            return Outcome(
                "NEEDS_REVIEW",
                0.3,
                "path used after its check",
                f"{ctx.callee(call)}() at line {line_of(call)} checks a path that {why}: whether another "
                "user can swap the file in between needs a human look.",
                [ctx.note(call, "the path is checked here", "sink")],
            )
    call = calls[0]
    path = text(call_args(call)[ACCESS_CHECKS[ctx.callee(call)]])
    return Outcome(
        "FALSE_POSITIVE",
        0.7,
        "nothing acts on the checked path",
        f"{ctx.callee(call)}() at line {line_of(call)} checks `{path}`, and nothing opens, runs or changes "
        "that path afterwards: the function only prints it, its variables are the function's own, and "
        "the check's result does not leave the function. There is no time-of-check, time-of-use window.",
        [ctx.note(call, f"`{path}` is only checked and printed", "guard")],
    )


def _acted_on(ctx: Ctx, call: Node) -> str | None:
    """Why the path ``call`` checks may be used after the check (None: it is not)."""
    func = enclosing_function(call)
    args = call_args(call)
    i = ACCESS_CHECKS[ctx.callee(call)]
    if func is None or i >= len(args):
        return "the analyst cannot follow"
    names = {text(n) for n in walk(args[i]) if n.type == "identifier"}
    params = set(param_names(func))
    if not names or names & params or not all(declared_in(func, n) for n in names):
        return "callers may act on (a parameter or a variable of the file)"
    if _result_leaves(ctx, call, func):
        return "a caller may act on, by the result it returns"
    for n in walk(func):
        if n.type != "identifier" or text(n) not in names:
            continue
        if n.start_byte < call.end_byte and not _loop_holds(n, call):
            continue
        if _inside(n, call):
            continue
        if not _printed(ctx, n):
            return f"is used again at line {line_of(n)}"
    return None


def _inside(n: Node, call: Node) -> bool:
    return call.start_byte <= n.start_byte and n.end_byte <= call.end_byte


def _loop_holds(n: Node, call: Node) -> bool:
    """A loop holds both: a use before the check in the loop comes after it in the next round."""
    cur = call.parent
    while cur is not None and cur.type != "function_definition":
        if cur.type in {"while_statement", "for_statement", "do_statement"}:
            return cur.start_byte <= n.start_byte < cur.end_byte
        cur = cur.parent
    return False


def _printed(ctx: Ctx, ident: Node) -> bool:
    """The variable is an argument of a printing call (itself, not an expression built from it)."""
    up = ident.parent
    while up is not None and up.type in {"parenthesized_expression", "cast_expression"}:
        up = up.parent
    return (
        up is not None
        and up.type == "argument_list"
        and up.parent is not None
        and ctx.callee(up.parent) in _PRINTING
    )


def _result_leaves(ctx: Ctx, call: Node, func: Node) -> bool:
    """The check's result may reach a caller. Not when it is consumed inside a printing call's
    argument (``printf("%s", access(p, R_OK) == 0 ? "ok" : "missing")``); otherwise when the function
    returns a value after the check (its returns may depend on it) or stores the result outside."""
    up = call.parent
    while up is not None and up != func:
        if up.type == "argument_list" and up.parent is not None and ctx.callee(up.parent) in _PRINTING:
            return False
        if up.type == "assignment_expression":
            left = strip_expr(up.child_by_field_name("left") or up)
            if left.type != "identifier" or not declared_in(func, text(left)):
                return True
        up = up.parent
    returns = [n for n in walk(func) if n.type == "return_statement" and n.named_children]
    return any(r.start_byte >= call.start_byte or _inside(call, r) for r in returns)
