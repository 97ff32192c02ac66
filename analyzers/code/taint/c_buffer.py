"""CWE-119/120/787 findings: the writes on the reported line (copies, indexes), or every write into
an array whose declaration was reported."""

from __future__ import annotations

from tree_sitter import Node

from .c_context import Ctx, keep, review
from .c_copies import copy_safe, copy_wrapper, wrapper_copy_safe
from .c_paths import all_dead, comparisons, dead_branch, holding_conditions, split_live, upper_bound
from .c_spec import COPY_FUNCS, FORMAT_FUNCS, READ_ONLY_ARGS
from .c_tree import call_args, callee_of, enclosing_function, on_lines, strip_expr, text, walk
from .c_values import const_int, dst_size, elem_size, is_sizeof_of
from .outcome import Outcome
from .values import Note


def judge_buffer(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
    lines_calls = on_lines(root, lo, hi, {"call_expression"})
    calls = [c for c in lines_calls if callee_of(c) in COPY_FUNCS]
    wrappers = [
        c
        for c in lines_calls
        if callee_of(c) not in COPY_FUNCS and callee_of(c) and copy_wrapper(ctx, c) is not None
    ]
    subs = [s for s in on_lines(root, lo, hi, {"subscript_expression"}) if is_write(s)] if not calls else []
    targets: list[Node] = [*calls, *wrappers, *subs]
    if not targets:
        decl = declared_arrays(root, lo, hi)
        if decl:
            return array_uses(ctx, root, decl)
        return review("copy or array access", ctx.path, lo)
    live, dead = split_live(ctx, targets)
    if not live:
        return all_dead(ctx, targets, dead)
    notes: list[Note] = []
    for node in live:
        if node in calls:
            r = copy_safe(ctx, node)
        elif node in wrappers:
            r = wrapper_copy_safe(ctx, node)
        else:
            r = index_safe(ctx, node)
        if isinstance(r, Outcome):
            return r
        notes.extend(r)
    return Outcome(
        "FALSE_POSITIVE",
        0.85,
        "bounded by the destination size",
        "Every write on the line is bounded by the size of its destination.",
        notes,
    )


def is_write(sub: Node) -> bool:
    parent = sub.parent
    if parent is not None and parent.type == "update_expression":
        return True
    return (
        parent is not None
        and parent.type == "assignment_expression"
        and parent.child_by_field_name("left") == sub
    )


def declared_arrays(root: Node, lo: int, hi: int) -> list[str]:
    """Arrays declared on the reported lines (a finding about a fixed-size buffer declaration)."""
    out: list[str] = []
    for n in on_lines(root, lo, hi, {"array_declarator"}):
        d = n.child_by_field_name("declarator")
        if d is not None and d.type in {"identifier", "field_identifier"}:
            out.append(text(d))
    return out


def dst_matches(dst: Node, names: list[str]) -> bool:
    t = text(strip_expr(dst))
    return any(t == n or t.endswith(("." + n, "->" + n)) for n in names)


def array_uses(ctx: Ctx, root: Node, names: list[str]) -> Outcome:
    """A declaration finding is about the writes into the array: judge every one of them."""
    notes: list[Note] = []
    count = 0
    for n in walk(root):
        if n.type == "call_expression":
            callee = callee_of(n)
            args = call_args(n)
            if callee in COPY_FUNCS:
                d = COPY_FUNCS[callee][0]
                if d < len(args) and dst_matches(args[d], names):
                    count += 1
                    if dead_branch(ctx, n) is not None:
                        continue
                    r = copy_safe(ctx, n)
                    if isinstance(r, Outcome):
                        return r
                    notes.extend(r)
            elif (
                callee
                and any(dst_matches(a, names) for a in args)
                and callee not in READ_ONLY_ARGS
                and callee not in FORMAT_FUNCS
            ):
                wrapped = copy_wrapper(ctx, n)
                if wrapped is None:
                    return keep(
                        ctx,
                        n,
                        f"`{callee}()` may write into the array without a known bound",
                        "unbounded write",
                    )
                count += 1
                r = wrapper_copy_safe(ctx, n)
                if isinstance(r, Outcome):
                    return r
                notes.extend(r)
        elif n.type == "subscript_expression" and is_write(n):
            arr = n.child_by_field_name("argument")
            if arr is not None and dst_matches(arr, names):
                count += 1
                r2 = index_safe(ctx, n)
                if isinstance(r2, Outcome):
                    return r2
                notes.extend(r2)
    why = (
        f"every write into {', '.join(f'`{n}`' for n in names)} is bounded by its size"
        if count
        else (f"nothing writes into {', '.join(f'`{n}`' for n in names)} beyond its declaration")
    )
    first = ctx.note(root, why, "guard") if not notes else notes[0]
    return Outcome(
        "FALSE_POSITIVE", 0.75, "every write is bounded", why[0].upper() + why[1:] + ".", [first, *notes[1:]]
    )


def index_safe(ctx: Ctx, sub: Node) -> list[Note] | Outcome:
    func = enclosing_function(sub)
    arr = sub.child_by_field_name("argument")
    idx = sub.child_by_field_name("index")
    if arr is None or idx is None:
        return keep(ctx, sub, "array access not understood", "unchecked index")
    name = text(strip_expr(arr))
    size = dst_size(ctx, arr, func)
    elem = 1
    short = name.split("->")[-1].split(".")[-1]
    if size is not None:
        # number of elements = bytes / element size
        for n in walk(ctx.parsed.tree.root_node):
            if n.type == "array_declarator" and text(n.child_by_field_name("declarator")) == short:
                elem = elem_size(n) or 1
                break
    count = size // elem if size is not None else None
    sink = ctx.note(sub, f"`{text(sub)}` indexes `{name}`", "sink")
    v = const_int(ctx, idx, func)
    if v is not None and count is not None and 0 <= v < count:
        return [sink, ctx.note(idx, f"index {v} is inside `{name}` ({count} elements)", "constant")]
    i = strip_expr(idx)
    if count is not None and i.type == "call_expression" and callee_of(i) in {"strlen", "strcspn", "strnlen"}:
        first = call_args(i)[0] if call_args(i) else None
        if first is not None and text(strip_expr(first)) == name:
            return [
                sink,
                ctx.note(idx, f"a string's length inside its own buffer `{name}` is below its size", "guard"),
            ]
    if count is not None:
        bound = upper_bound(ctx, idx, sub, func)
        if bound is not None and bound[0] < count:
            return [sink, ctx.note(bound[1], f"`{text(idx)}` is checked to be below {bound[0] + 1}", "guard")]
        for cond, truth, where in holding_conditions(sub):
            for var, op, other in comparisons(cond, truth):
                if var == text(strip_expr(idx)) and op == "<" and is_sizeof_of(other, name) and elem == 1:
                    return [sink, ctx.note(where, f"`{var}` is checked against sizeof({name})", "guard")]
    return keep(
        ctx, sub, f"index `{text(idx)}` is not checked against the size of `{name}`", "unchecked index"
    )
