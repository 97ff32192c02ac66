"""CWE-190/191: arithmetic bounded by dominating range checks, masks, types or constants."""

from __future__ import annotations

from tree_sitter import Node

from .c_context import Ctx, keep, review
from .c_paths import (
    all_dead,
    comparisons,
    dead_branch,
    holding_conditions,
    nonnegative,
    split_live,
    upper_bound,
)
from .c_spec import INT_MAX_NAMES, NUMBER_PARSERS, SAFE_ALLOCATORS
from .c_tree import (
    callee_of,
    declared_name,
    enclosing_function,
    idents,
    line_of,
    on_lines,
    strip_expr,
    text,
    walk,
)
from .c_values import const_int, declared_type
from .outcome import Outcome
from .values import Note


def judge_overflow(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
    exprs = [
        n
        for n in on_lines(root, lo, hi, {"binary_expression", "assignment_expression"})
        if text(n.child_by_field_name("operator")) in {"+", "-", "*", "<<", "+=", "-=", "*=", "<<="}
    ]
    calls = on_lines(root, lo, hi, {"call_expression"})
    if not exprs:
        safe = [c for c in calls if callee_of(c) in SAFE_ALLOCATORS]
        if safe:
            return Outcome(
                "FALSE_POSITIVE",
                0.8,
                "overflow-checked allocation",
                f"{callee_of(safe[0])}() checks the size multiplication for overflow itself.",
                [ctx.note(safe[0], f"{callee_of(safe[0])}() checks n * size for overflow", "safe_variant")],
            )
        converts = [c for c in calls if callee_of(c) in NUMBER_PARSERS]
        if converts:
            return converted_uses(ctx, converts[0])
        return review("arithmetic", ctx.path, lo)
    live, dead = split_live(ctx, exprs)
    if not live:
        return all_dead(ctx, exprs, dead)
    notes: list[Note] = []
    for e in live:
        r = arith_safe(ctx, e)
        if isinstance(r, Outcome):
            return r
        notes.extend(r)
    if not notes:
        return review("arithmetic", ctx.path, lo)
    return Outcome(
        "FALSE_POSITIVE",
        0.8,
        "guarded by a range check",
        "The operands of the arithmetic are bounded (checks, masks, types or constants); it cannot overflow.",
        notes,
    )


def arith_safe(ctx: Ctx, e: Node) -> list[Note] | Outcome:
    func = enclosing_function(e)
    left, right = e.child_by_field_name("left"), e.child_by_field_name("right")
    if left is None or right is None:
        return []
    op = text(e.child_by_field_name("operator")).rstrip("=")
    lv, rv = const_int(ctx, left, func), const_int(ctx, right, func)
    limit = result_limit(ctx, e, func)
    if lv is not None and rv is not None:
        value = {"+": lv + rv, "-": lv - rv, "*": lv * rv, "<<": lv << rv if 0 <= rv < 64 else 1 << 64}[op]
        if -(2**31) <= value <= limit:
            return [ctx.note(e, f"constant result {value} fits", "constant")]
        return Outcome(
            "TRUE_POSITIVE",
            0.85,
            "constant overflow",
            f"`{text(e)}` is {value}, outside the range of its type.",
            [ctx.note(e, "overflows", "sink")],
        )
    if op != "-":
        mx = max_value(ctx, e, func, e)
        if mx is not None and mx <= limit:
            return [
                ctx.note(e, f"`{text(e)}`", "sink"),
                ctx.note(e, f"at most {mx}: the operands are bounded", "guard"),
            ]
    operands = [x for x, v in ((left, lv), (right, rv)) if v is None]
    guard = overflow_guard(ctx, e, operands, func)
    if guard is None:
        return Outcome(
            "TRUE_POSITIVE",
            0.7,
            "arithmetic not range-checked",
            f"`{text(e)}` at line {line_of(e)} has operands not bounded by a dominating check.",
            [ctx.note(e, f"`{text(e)}` may overflow", "sink")],
        )
    return [ctx.note(e, f"`{text(e)}`", "sink"), guard]


def converted_uses(ctx: Ctx, call: Node) -> Outcome:
    """``n = atoi(s)``: the finding is about what the number is used for: judge the arithmetic on it."""
    parent = call.parent
    while parent is not None and parent.type in {"cast_expression", "parenthesized_expression"}:
        parent = parent.parent
    name = ""
    if parent is not None and parent.type == "init_declarator":
        name = declared_name(parent.child_by_field_name("declarator"))
    elif parent is not None and parent.type == "assignment_expression":
        name = text(parent.child_by_field_name("left"))
    func = enclosing_function(call)
    if not name or func is None:
        return keep(ctx, call, f"the result of {callee_of(call)}() is used directly", "unchecked conversion")
    notes: list[Note] = []
    for n in walk(func):
        if n.start_byte <= call.start_byte or n.type not in {"binary_expression", "assignment_expression"}:
            continue
        if text(n.child_by_field_name("operator")) not in {"+", "-", "*", "<<", "+=", "-=", "*=", "<<="}:
            continue
        if name not in idents(n):
            continue
        if dead_branch(ctx, n) is not None:
            continue
        r = arith_safe(ctx, n)
        if isinstance(r, Outcome):
            return r
        notes.extend(r)
    why = f"every computation with `{name}` is bounded" if notes else f"`{name}` is never used in arithmetic"
    return Outcome(
        "FALSE_POSITIVE",
        0.7,
        "converted value used safely",
        f"The number parsed by {callee_of(call)}(): {why}.",
        [
            ctx.note(call, f"{callee_of(call)}() result stored in `{name}`", "sink"),
            *(notes or [ctx.note(call, why, "guard")]),
        ],
    )


TYPE_MAX = {
    "uint8_t": 255,
    "unsigned char": 255,
    "uint16_t": 65535,
    "unsigned short": 65535,
    "bool": 1,
    "_Bool": 1,
    "char": 127,
    "signed char": 127,
    "int8_t": 127,
    "int16_t": 32767,
    "short": 32767,
}


TYPE_LIMIT = {
    "uint32_t": 2**32 - 1,
    "unsigned": 2**32 - 1,
    "unsigned int": 2**32 - 1,
    "size_t": 2**64 - 1,
    "uint64_t": 2**64 - 1,
    "unsigned long": 2**64 - 1,
    "unsigned long long": 2**64 - 1,
    "int64_t": 2**63 - 1,
    "long": 2**63 - 1,
    "long long": 2**63 - 1,
}


def result_limit(ctx: Ctx, e: Node, func: Node | None) -> int:
    """The largest value the result may hold: the assigned variable's type, else int."""
    target: Node | None = None
    if e.type == "assignment_expression":
        target = e.child_by_field_name("left")
    else:
        p = e.parent
        while p is not None and p.type in {"parenthesized_expression", "binary_expression"}:
            p = p.parent
        if p is not None and p.type == "init_declarator":
            target = p.child_by_field_name("declarator")
        elif p is not None and p.type == "assignment_expression":
            target = p.child_by_field_name("left")
    if target is not None and strip_expr(target).type == "identifier":
        t = declared_type(text(strip_expr(target)), func, ctx.parsed.tree.root_node)
        if t is not None:
            return TYPE_LIMIT.get(t, 2**31 - 1)
    for side in (e.child_by_field_name("left"), e.child_by_field_name("right")):
        if side is not None and side.type == "cast_expression":
            typ = side.child_by_field_name("type")
            if typ is not None and " ".join(text(typ).split()) in TYPE_LIMIT:
                return TYPE_LIMIT[" ".join(text(typ).split())]
    return 2**31 - 1


def max_value(ctx: Ctx, node: Node, func: Node | None, at: Node, depth: int = 0) -> int | None:
    """An upper bound of a non-negative integer expression, or None."""
    if depth > 6:
        return None
    n = strip_expr(node)
    c = const_int(ctx, n, func)
    if c is not None:
        return c if c >= 0 else None
    t = n.type
    if t == "char_literal":
        return 255
    if t in {"binary_expression", "assignment_expression"}:
        op = (
            text(n.child_by_field_name("operator")).rstrip("=")
            if t == "assignment_expression"
            else text(n.child_by_field_name("operator"))
        )
        left, right = n.child_by_field_name("left"), n.child_by_field_name("right")
        if left is None or right is None:
            return None
        if t == "assignment_expression" and text(n.child_by_field_name("operator")) == "=":
            return max_value(ctx, right, func, at, depth + 1)
        if op == "&":
            vals = [
                v
                for v in (const_int(ctx, left, func), const_int(ctx, right, func))
                if v is not None and v >= 0
            ]
            if vals:
                return min(vals)
        if op == "%":
            v = const_int(ctx, right, func)
            return v - 1 if v is not None and v > 0 else None
        a = max_value(ctx, left, func, at, depth + 1)
        b = max_value(ctx, right, func, at, depth + 1)
        if a is None or b is None:
            return None
        if op == "+":
            return a + b
        if op == "*":
            return a * b
        if op == ">>":
            return a
        if op == "/":
            return a
        return None
    if t == "subscript_expression":
        arr = n.child_by_field_name("argument")
        typ = (
            declared_type(text(strip_expr(arr)), func, ctx.parsed.tree.root_node) if arr is not None else None
        )
        if typ is not None:
            return TYPE_MAX.get(typ.replace(" *", "").replace("const ", "").strip())
        return None
    if t == "identifier" and func is not None:
        name = text(n)
        typ = declared_type(name, func, ctx.parsed.tree.root_node)
        if typ is not None and typ in TYPE_MAX:
            return TYPE_MAX[typ]
        bound = upper_bound(ctx, n, at, func)
        if bound is not None and bound[0] >= 0:
            lower_ok = typ is not None and typ.startswith(("unsigned", "uint", "size_t"))
            if lower_ok or nonnegative(ctx, name, at, func):
                return bound[0]
        values: list[int] = []
        for d in walk(func):
            if at.start_byte <= d.start_byte < at.end_byte:
                continue  # the expression being judged
            if d.type == "init_declarator" and declared_name(d.child_by_field_name("declarator")) == name:
                init = d.child_by_field_name("value")
                mv = max_value(ctx, init, func, d, depth + 1) if init is not None else None
            elif d.type == "assignment_expression" and text(d.child_by_field_name("left")) == name:
                mv = (
                    max_value(ctx, d, func, d, depth + 1)
                    if text(d.child_by_field_name("operator")) in {"=", "&=", "%="}
                    else None
                )
                if text(d.child_by_field_name("operator")) in {"&=", "%="}:
                    r = d.child_by_field_name("right")
                    k = const_int(ctx, r, func) if r is not None else None
                    mv = (
                        (k if text(d.child_by_field_name("operator")) == "&=" else (k - 1 if k else None))
                        if k is not None
                        else None
                    )
            elif (d.type == "update_expression" and text(d.child_by_field_name("argument")) == name) or (
                d.type == "pointer_expression" and text(d.child_by_field_name("argument")) == name
            ):
                mv = None
            else:
                continue
            if mv is None:
                return None
            values.append(mv)
        return max(values) if values else None
    return None


def overflow_guard(ctx: Ctx, expr: Node, operands: list[Node], func: Node | None) -> Note | None:
    names = [text(strip_expr(o)) for o in operands]
    conds = holding_conditions(expr)
    bounded: dict[str, Note] = {}
    for cond, truth, where in conds:
        for var, op, other in comparisons(cond, truth):
            if var not in names or op not in {"<", "<="}:
                continue
            other_names = idents(other)
            if other_names & INT_MAX_NAMES or (other_names & set(names) - {var}):
                return ctx.note(where, f"`{text(cond)}` rules out overflow", "guard")
            if const_int(ctx, other, func) is not None:
                bounded[var] = ctx.note(where, f"`{var}` is range-checked", "guard")
    if names and all(n in bounded for n in names):
        big = [ctx.note(expr, "operands bounded", "guard")]
        return bounded[names[0]] if bounded else big[0]
    return None
