"""``strlen(p)`` findings (CWE-126): the read itself (``c_terminated.terminated_string``) and what
the length it returns bounds (copies whose length uses it, accesses a check keeps below it)."""

from __future__ import annotations

from tree_sitter import Node

from .c_conditions import comparisons, holding_conditions
from .c_context import Ctx, keep
from .c_copies import copy_safe
from .c_index import index_safe
from .c_spec import COPY_FUNCS
from .c_terminated import terminated_string
from .c_tree import call_args, declared_name, enclosing_function, squash, strip_expr, text, walk
from .c_values import const_int
from .outcome import Outcome
from .values import Note

_LENGTH_READS = frozenset({"strlen", "wcslen"})


def string_length_reads(ctx: Ctx, calls: list[Node]) -> list[Note] | Outcome | None:
    """``strlen(p)`` / ``wcslen(p)`` (CWE-126): safe when ``p`` points inside a known object that a
    known write terminated before the call (its initialiser, ``x[k] = '\\0'``, a string copy
    into it), or into a string literal, or is a parameter every caller hands such a string. None
    when the line has no such call."""
    reads = [c for c in calls if ctx.callee(c) in _LENGTH_READS and call_args(c)]
    if not reads:
        return None
    notes: list[Note] = []
    for call in reads:
        func = enclosing_function(call)
        got = terminated_string(ctx, call, call_args(call)[0], func, depth=0)
        if isinstance(got, Outcome):
            return got
        notes.extend(got)
        before = _before_start(ctx, call) if func is not None else None
        if before is not None:
            return before
        used = _length_uses(ctx, call, func) if func is not None else []
        if isinstance(used, Outcome):
            return used
        notes.extend(used)
    return notes


def _before_start(ctx: Ctx, call: Node) -> Outcome | None:
    """``s + strlen(s) - 1`` or ``s[strlen(s) - 1]``: the length less a constant names a place in the
    string that lies before its start when the string is shorter than that constant (an empty line):
    the read the finding is about feeds an under-read unless a check holding there says the string
    is long enough (``strlen(s) > 0``, ``*s``, ``s[0] != '\0'``)."""
    func = enclosing_function(call)
    child, cur = call, call.parent
    while cur is not None and cur.type in {
        "parenthesized_expression",
        "cast_expression",
        "binary_expression",
    }:
        if cur.type == "binary_expression" and text(cur.child_by_field_name("operator")) not in {"+", "-"}:
            return None
        right = cur.child_by_field_name("right")
        k = const_int(ctx, right, func) if cur.type == "binary_expression" and right is not None else None
        if (
            cur.type == "binary_expression"
            and text(cur.child_by_field_name("operator")) == "-"
            and right is not None
            and right.id != child.id
            and k is not None
            and k >= 1
        ):
            if not _place_in(cur, call) or _long_enough(ctx, call, cur, k):
                return None  # a length (memcpy's), judged by the copy; or the string is long enough
            arg = text(call_args(call)[0])
            short = "empty" if k == 1 else f"shorter than {k} characters"
            return keep(
                ctx,
                cur,
                f"`{text(cur)}` is a place {k} before the end of `{arg}`, which lies before its start when "
                f"`{arg}` is {short}, and no check here says it is not",
                "under-read",
            )
        child, cur = cur, cur.parent
    return None


def _place_in(expr: Node, call: Node) -> bool:
    """``expr`` (the length less a constant) names a place in the measured string: it adds the
    string's pointer (``s + strlen(s) - 1``), or indexes the string (``s[strlen(s) - 1]``)."""
    arg = squash(text(strip_expr(call_args(call)[0])))
    if any(
        n.type == "binary_expression"
        and text(n.child_by_field_name("operator")) == "+"
        and arg
        in {
            squash(text(strip_expr(x)))
            for x in (n.child_by_field_name("left"), n.child_by_field_name("right"))
            if x is not None
        }
        for n in walk(expr)
    ):
        return True
    top = expr
    while top.parent is not None and top.parent.type in {"parenthesized_expression", "cast_expression"}:
        top = top.parent
    sub = top.parent
    return (
        sub is not None
        and sub.type == "subscript_expression"
        and sub.child_by_field_name("index") == top
        and squash(text(strip_expr(sub.child_by_field_name("argument") or sub))) == arg
    )


def _long_enough(ctx: Ctx, call: Node, at: Node, k: int) -> bool:
    """A check holding at ``at`` says the string ``call`` measures has at least ``k`` characters."""
    arg = squash(text(strip_expr(call_args(call)[0])))
    measured = squash(text(call))
    func = enclosing_function(at)
    for cond, truth, _w in holding_conditions(at):
        for v, op, other in comparisons(cond, truth):
            bound = const_int(ctx, other, func)
            if (
                squash(v) == measured
                and bound is not None
                and (
                    (op == ">" and bound >= k - 1)
                    or (op == ">=" and bound >= k)
                    or (op == "!=" and bound == 0 == k - 1)
                )
            ):
                return True
        if k == 1 and _says_nonempty(cond, truth, arg):
            return True
    return False


def _says_nonempty(cond: Node, truth: bool, arg: str) -> bool:
    """``*s``, ``s[0]`` (true), or compared unequal to NUL: the first character is not the terminator."""
    from .c_conditions import atoms

    firsts = {f"*{arg}", f"{arg}[0]"}
    for a, t in atoms(cond, truth):
        e = strip_expr(a)
        if squash(text(e)) in firsts and t:
            return True
        if e.type == "binary_expression":
            left, right = e.child_by_field_name("left"), e.child_by_field_name("right")
            op = text(e.child_by_field_name("operator"))
            sides = {squash(text(strip_expr(x))) for x in (left, right) if x is not None}
            if (
                sides & firsts
                and sides - firsts <= {"'\\0'", "0"}
                and ((op == "!=" and t) or (op == "==" and not t))
            ):
                return True
    return False


def _length_uses(ctx: Ctx, call: Node, func: Node) -> list[Note] | Outcome:
    """The length a ``strlen`` returns is judged with what it bounds: every copy whose length
    uses it, and every access indexed by a variable a dominating check keeps below it."""
    holder = call.parent
    while holder is not None and holder.type in {"parenthesized_expression", "cast_expression"}:
        holder = holder.parent
    names = {squash(text(call))}
    if holder is not None and holder.type == "init_declarator":
        names.add(declared_name(holder.child_by_field_name("declarator")))
    elif holder is not None and holder.type == "assignment_expression":
        names.add(squash(text(holder.child_by_field_name("left"))))
    notes: list[Note] = []
    for n in walk(func):
        if n.type == "call_expression" and ctx.callee(n) in COPY_FUNCS and n != call:
            _d, _s, n_i = COPY_FUNCS[ctx.callee(n)]
            args = call_args(n)
            if 0 <= n_i < len(args) and names & {squash(text(x)) for x in walk(args[n_i])}:
                got = copy_safe(ctx, n)
                if isinstance(got, Outcome):
                    return got
                notes.extend(got[:1])
        elif n.type == "subscript_expression":
            idx = n.child_by_field_name("index")
            if idx is None or strip_expr(idx).type != "identifier":
                continue
            var = text(strip_expr(idx))
            bounded = any(
                v == var and op in {"<", "<="} and names & {squash(text(x)) for x in walk(other)}
                for cond, truth, _w in holding_conditions(n)
                for v, op, other in comparisons(cond, truth)
            )
            if bounded:
                got = index_safe(ctx, n)
                if isinstance(got, Outcome):
                    return got
    return notes
