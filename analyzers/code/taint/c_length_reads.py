"""``strlen(p)`` findings (CWE-126): the read itself (``c_terminated.terminated_string``) and what
the length it returns bounds (copies whose length uses it, accesses a check keeps below it)."""

from __future__ import annotations

from tree_sitter import Node

from .c_conditions import comparisons, holding_conditions
from .c_context import Ctx
from .c_copies import copy_safe
from .c_index import index_safe
from .c_spec import COPY_FUNCS
from .c_terminated import terminated_string
from .c_tree import call_args, declared_name, enclosing_function, squash, strip_expr, text, walk
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
        used = _length_uses(ctx, call, func) if func is not None else []
        if isinstance(used, Outcome):
            return used
        notes.extend(used)
    return notes


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
