"""CWE-190/191: arithmetic bounded by dominating range checks, masks, types or constants."""

from __future__ import annotations

import re
from collections.abc import Callable

from tree_sitter import Node

from .c_conditions import all_dead, comparisons, dead_branch, holding_conditions, split_live
from .c_context import Ctx, keep, review
from .c_number_flow import address_taken, carried_into, is_local, loop_work
from .c_paths import nonnegative, upper_bound
from .c_provenance import definition_of
from .c_spec import FORMAT_FUNCS, INT_MAX_NAMES, NUMBER_PARSERS, READ_ONLY_ARGS, SAFE_ALLOCATORS, SCAN_FUNCS
from .c_tree import (
    call_args,
    callee_of,
    declared_name,
    enclosing_function,
    func_name,
    idents,
    inside,
    line_of,
    on_lines,
    param_names,
    squash,
    strip_expr,
    stripped_text,
    text,
    walk,
)
from .c_values import const_int, declared_type
from .outcome import Outcome
from .values import Note

IndexCheck = Callable[[Ctx, Node], "list[Note] | Outcome"]


def judge_overflow(ctx: Ctx, root: Node, lo: int, hi: int, index_check: IndexCheck) -> Outcome:
    """``index_check`` judges an array index (c_index.index_safe, which reads this module's
    intervals): a parsed number that picks an element must stay inside the array."""
    calls = on_lines(root, lo, hi, {"call_expression"})
    # the text a parser reads (`atoi(colon + 1)`) is a pointer into a string, not the number
    parsed_args = [a for c in calls if callee_of(c) in NUMBER_PARSERS for a in call_args(c)]
    exprs = [
        n
        for n in on_lines(root, lo, hi, {"binary_expression", "assignment_expression", "update_expression"})
        if text(n.child_by_field_name("operator"))
        in {"+", "-", "*", "<<", "+=", "-=", "*=", "<<=", "++", "--"}
        and not any(a.start_byte <= n.start_byte and n.end_byte <= a.end_byte for a in parsed_args)
    ]
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
            return converted_uses(ctx, converts[0], index_check)
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
    if e.type == "update_expression":
        return _update_safe(ctx, e, func)
    left, right = e.child_by_field_name("left"), e.child_by_field_name("right")
    if left is None or right is None:
        return []
    op = text(e.child_by_field_name("operator")).rstrip("=")
    lv, rv = const_int(ctx, left, func), const_int(ctx, right, func)
    limit = result_limit(ctx, e, func)
    floor = result_floor(ctx, e, func)
    if lv is not None and rv is not None:
        value = {"+": lv + rv, "-": lv - rv, "*": lv * rv, "<<": lv << rv if 0 <= rv < 64 else 1 << 64}[op]
        if floor <= value <= limit:
            return [ctx.note(e, f"constant result {value} fits", "constant")]
        return Outcome(
            "TRUE_POSITIVE",
            0.85,
            "constant overflow",
            f"`{text(e)}` is {value}, outside the range of its type.",
            [ctx.note(e, "overflows", "sink")],
        )
    a, b = interval(ctx, left, e, func), interval(ctx, right, e, func)
    a, b = signed_operands(ctx, (left, right), (a, b), func)
    got = combine(op, a, b)
    if got[0] is not None and got[1] is not None and floor <= got[0] and got[1] <= limit:
        return [
            ctx.note(e, f"`{text(e)}`", "sink"),
            ctx.note(e, f"between {got[0]} and {got[1]}: the operands are range-checked", "guard"),
        ]
    mx = max_value(ctx, e, func, e) if op != "-" else None  # bounds of non-negative expressions only
    if mx is not None and mx <= limit:
        return [
            ctx.note(e, f"`{text(e)}`", "sink"),
            ctx.note(e, f"at most {mx}: the operands are bounded", "guard"),
        ]
    if op in {"+", "*"} and a[0] is not None and a[0] >= 0 and b[0] is not None and b[0] >= 0:
        operands = [x for x, v in ((left, lv), (right, rv)) if v is None]
        guard = overflow_guard(ctx, e, operands, func)
        if guard is not None:
            return [ctx.note(e, f"`{text(e)}`", "sink"), guard]
    return Outcome(
        "TRUE_POSITIVE",
        0.7,
        "arithmetic not range-checked",
        f"`{text(e)}` at line {line_of(e)} has operands not bounded by a dominating check "
        "on both sides of the range of its type.",
        [ctx.note(e, f"`{text(e)}` may overflow", "sink")],
    )


def signed_operands(
    ctx: Ctx, sides: tuple[Node, Node], bounds: tuple[Bound, Bound], func: Node | None
) -> tuple[Bound, Bound]:
    """In signed arithmetic (every operand a signed variable or a signed constant, no ``sizeof``,
    no unsigned suffix), an operand's unchecked side is still the edge of its type's range:
    ``x + 1`` with ``x < INT_MAX`` cannot overflow downwards. Unsigned arithmetic wraps instead,
    so it keeps the unknown sides."""
    (left, right), (a, b) = sides, bounds
    ra, rb = signed_range(ctx, left, func), signed_range(ctx, right, func)
    if ra is None or rb is None:
        return a, b
    return (
        (a[0] if a[0] is not None else ra[0], a[1] if a[1] is not None else ra[1]),
        (b[0] if b[0] is not None else rb[0], b[1] if b[1] is not None else rb[1]),
    )


def signed_range(ctx: Ctx, node: Node, func: Node | None) -> Bound | None:
    """The range of a signed operand: a signed variable's type, or a decimal ``int`` constant
    without suffix (written out, or a macro that stands for one)."""
    n = strip_expr(node)
    literal = text(n) if n.type == "number_literal" else None
    if n.type == "identifier":
        declared = declared_type(text(n), func, ctx.parsed.tree.root_node)
        if declared is not None:
            bits = SIGNED_BITS.get(" ".join(declared.split()))
            return (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1) if bits is not None else None
        literal = ctx.macro(text(n))
    if literal is None or not _SIGNED_LITERAL.fullmatch(literal.strip()):
        return None
    v = int(literal.strip().strip("()"))
    return (v, v) if -(2**31) <= v < 2**31 else None


_SIGNED_LITERAL = re.compile(r"\(?-?(?:0|[1-9]\d*)\)?")


# Signed integer types and their width in bits (LP64).
SIGNED_BITS = {
    "int": 32,
    "signed": 32,
    "signed int": 32,
    "short": 16,
    "short int": 16,
    "signed short": 16,
    "long": 64,
    "long int": 64,
    "signed long": 64,
    "long long": 64,
    "long long int": 64,
    "signed long long": 64,
    "int8_t": 8,
    "int16_t": 16,
    "int32_t": 32,
    "int64_t": 64,
    "ssize_t": 64,
    "intptr_t": 64,
    "ptrdiff_t": 64,
}


def _update_safe(ctx: Ctx, e: Node, func: Node | None) -> list[Note] | Outcome:
    """``n++`` / ``--n``: safe when ``n`` is checked to stay below the top (or above the bottom)."""
    arg = e.child_by_field_name("argument")
    op = text(e.child_by_field_name("operator"))
    if arg is None or strip_expr(arg).type != "identifier":
        return keep(ctx, e, f"`{text(e)}` not understood", "arithmetic not range-checked")
    lo, hi = interval(ctx, arg, e, func)
    declared = declared_type(text(strip_expr(arg)), func, ctx.parsed.tree.root_node) or "int"
    top = TYPE_LIMIT.get(declared, TYPE_MAX.get(declared, 2**31 - 1))
    bottom = _type_floor(declared)
    ok = (hi is not None and hi + 1 <= top) if op == "++" else (lo is not None and lo - 1 >= bottom)
    if ok:
        return [
            ctx.note(e, f"`{text(e)}`", "sink"),
            ctx.note(e, f"`{text(arg)}` is range-checked before `{op}`", "guard"),
        ]
    return Outcome(
        "TRUE_POSITIVE",
        0.7,
        "arithmetic not range-checked",
        f"`{text(e)}` at line {line_of(e)}: `{text(arg)}` is not checked against the "
        + ("top" if op == "++" else "bottom")
        + " of its range first.",
        [ctx.note(e, f"`{text(e)}` may wrap", "sink")],
    )


Bound = tuple[int | None, int | None]


def interval(ctx: Ctx, node: Node, at: Node, func: Node | None) -> Bound:
    """The range of an integer operand at ``at``: a constant, or a variable's bounds from the
    checks that dominate ``at`` and its declared type (None: unbounded on that side)."""
    v = const_int(ctx, node, func)
    if v is not None:
        return v, v
    n = strip_expr(node)
    if n.type != "identifier":
        return None, None
    name = text(n)
    lo: int | None = None
    hi: int | None = None
    declared = declared_type(name, func, ctx.parsed.tree.root_node)
    if declared is not None and declared.startswith(("unsigned", "uint", "size_t")):
        lo = 0
    if declared in TYPE_MAX:
        hi = TYPE_MAX[declared]
        lo = lo if lo is not None else -(TYPE_MAX[declared] + 1)
    for cond, truth, _where in holding_conditions(at):
        for var, op, other in comparisons(cond, truth):
            if var != name and _ABS.fullmatch(squash(var)) is None:
                continue
            k = const_int(ctx, other, func)
            if k is None and var == name and op in {"<", "<="}:
                k = _type_top(ctx, other, func)  # `c <= hi` with `unsigned char hi`: c <= 255
            if k is None:
                continue
            if var != name:  # abs(x) < K (or <=): x lies between -K and K
                m = _ABS.fullmatch(squash(var))
                if m is None or m.group(1) != name or op not in {"<", "<="}:
                    continue
                top = k - 1 if op == "<" else k
                hi = top if hi is None else min(hi, top)
                if abs_exact(declared, squash(var)):  # abs(INT_MIN) is negative: no bottom from it
                    lo = -top if lo is None else max(lo, -top)
                continue
            if op in {"<", "<="}:
                top = k - 1 if op == "<" else k
                hi = top if hi is None else min(hi, top)
            elif op in {">", ">="}:
                bottom = k + 1 if op == ">" else k
                lo = bottom if lo is None else max(lo, bottom)
            elif op == "==":
                lo, hi = k, k
    return lo, hi


def _type_top(ctx: Ctx, other: Node, func: Node | None) -> int | None:
    """The largest value a plain variable can hold, from its declared type (``unsigned char``: 255)."""
    o = strip_expr(other)
    if o.type != "identifier":
        return None
    declared = declared_type(text(o), func, ctx.parsed.tree.root_node)
    return TYPE_MAX.get(" ".join(declared.split())) if declared is not None else None


def abs_exact(declared: str | None, call: str) -> bool:
    """``abs(x)`` (``labs``, ``llabs``, ``imaxabs``) is x's magnitude for every value of x's declared
    type: the type is narrower than the function's parameter (abs(INT_MIN) overflows, and in practice
    stays negative, so an ``int`` under ``abs`` or an ``int64_t`` under ``llabs`` gives no bottom)."""
    width = 32 if call.startswith("abs(") else 64
    bits = _NARROW_BITS.get(" ".join((declared or "").split())) or SIGNED_BITS.get(
        " ".join((declared or "").split())
    )
    return bits is not None and bits < width


_NARROW_BITS = {
    "char": 8,
    "signed char": 8,
    "unsigned char": 8,
    "uint8_t": 8,
    "unsigned short": 16,
    "uint16_t": 16,
}


# abs(x), labs((long)x), llabs(x): the magnitude of the variable x
_ABS = re.compile(r"(?:abs|labs|llabs|imaxabs)\((?:\([a-z_0-9 ]+\))?\(?([A-Za-z_]\w*)\)?\)")


def combine(op: str, a: Bound, b: Bound) -> Bound:
    """The range of ``a op b`` (None when a side is unbounded)."""
    if None in a or None in b:
        return None, None
    a0, a1 = a
    b0, b1 = b
    assert a0 is not None and a1 is not None and b0 is not None and b1 is not None
    if op == "+":
        return a0 + b0, a1 + b1
    if op == "-":
        return a0 - b1, a1 - b0
    if op == "*":
        products = [a0 * b0, a0 * b1, a1 * b0, a1 * b1]
        return min(products), max(products)
    if op == "<<" and b0 >= 0 and b1 < 64:
        shifted = [a0 << b0, a0 << b1, a1 << b0, a1 << b1]
        return min(shifted), max(shifted)
    return None, None


def converted_uses(ctx: Ctx, call: Node, index_check: IndexCheck) -> Outcome:
    """``n = atoi(s)``: the finding is about what the number is used for: judge the arithmetic on it,
    here and in the workspace functions it is handed to."""
    parent = call.parent
    while parent is not None and parent.type in {
        "cast_expression",
        "parenthesized_expression",
        "conditional_expression",  # `n = argc > 1 ? atoi(argv[1]) : 0`: n may hold the number
    }:
        parent = parent.parent
    name = ""
    if parent is not None and parent.type == "init_declarator":
        name = declared_name(parent.child_by_field_name("declarator"))
    elif parent is not None and parent.type == "assignment_expression":
        name = text(parent.child_by_field_name("left"))
    func = enclosing_function(call)
    if not name and func is not None and parent is not None:
        direct = _direct_use(ctx, call, parent, func, index_check)
        if direct is not None:
            return direct
    if not name or func is None:
        return keep(ctx, call, f"the result of {callee_of(call)}() is used directly", "unchecked conversion")
    got = _number_uses(ctx, func, name, call, 0, index_check=index_check)
    if isinstance(got, Outcome):
        return got
    notes = got
    why = (
        f"every computation and array index with `{name}` is bounded"
        if notes
        else f"`{name}` is never used in arithmetic nor as an array index"
    )
    if len(notes) == 1 and "only ever compared" in notes[0].why:
        why = f"it is stored in `{name}`; {notes[0].why}"  # a member read only harmlessly
    return _checked_where_used(ctx, call, why, notes, f"{callee_of(call)}() result stored in `{name}`")


def _direct_use(ctx: Ctx, call: Node, parent: Node, func: Node, index_check: IndexCheck) -> Outcome | None:
    """``atoi(s)`` used where it stands: only compared (``atoi(v) > 0``, ``!atoi(v)``), printed as a
    number by a printf-like call, stored by a designated initialiser into a member only ever compared
    or printed, or handed to a workspace function whose parameter's every use is bounded. None
    otherwise (the finding is kept)."""
    conv = callee_of(call)
    why: str | None = None
    notes: list[Note] = []
    if parent.type == "binary_expression" and text(parent.child_by_field_name("operator")) in {
        "==", "!=", "<", "<=", ">", ">=", "&&", "||",
    }:  # fmt: skip
        why = "it is only compared"
    elif parent.type == "unary_expression" and text(parent.child_by_field_name("operator")) == "!":
        why = "it is only tested"
    elif parent.type == "initializer_pair":
        field = next((c for c in walk(parent) if c.type == "field_identifier"), None)
        member = _harmless_member(ctx, f"x.{text(field)}", call) if field is not None else None
        if member is None:
            return None
        why, notes = f"it is stored in the member `{text(field)}`; {member[0].why}", member
    elif parent.type == "argument_list" and parent.parent is not None:
        user = parent.parent
        at = next((i for i, a in enumerate(call_args(user)) if inside(call, a)), -1)
        name = ctx.callee(user)
        if name in FORMAT_FUNCS and at > FORMAT_FUNCS[name]:
            why = f"it is only printed by {name}()"
        else:
            found = definition_of(ctx, user)
            if found is None or at < 0:
                return None
            octx, fdef = found
            params = param_names(fdef)
            if at >= len(params):
                return None
            used = _number_uses(octx, fdef, params[at], None, 1, index_check=index_check)
            if isinstance(used, Outcome):
                return used
            why = (
                f"it is handed to {name}(), where every computation and array index with "
                f"`{params[at]}` is bounded"
                if used
                else f"it is handed to {name}(), which never uses `{params[at]}` in arithmetic nor as an "
                "index"
            )
            notes = used
    if why is None:
        return None
    return _checked_where_used(ctx, call, why, notes, f"{conv}() result used at line {line_of(call)}")


def _checked_where_used(ctx: Ctx, call: Node, why: str, notes: list[Note], sink: str) -> Outcome:
    """FALSE_POSITIVE for a parsed number whose every use is shown harmless (``why``, ``notes``)."""
    return Outcome(
        "FALSE_POSITIVE",
        0.7,
        "parsed number checked where used",
        f"The number parsed by {callee_of(call)}(): {why}.",
        [ctx.note(call, sink, "sink"), *(notes or [ctx.note(call, why, "guard")])],
    )


def _harmless_member(ctx: Ctx, member: str, store: Node) -> list[Note] | None:
    """Notes when the struct member ``member`` (``cfg->port``) a number is stored in is only ever
    compared, tested or printed in the file, or range-checked right after the store."""
    from .c_member_numbers import member_only_compared, member_range_checked

    return member_only_compared(ctx, member, store) or member_range_checked(ctx, member, store)


_ARITH = {"+", "-", "*", "<<", "+=", "-=", "*=", "<<=", "++", "--"}
_UNCHECKED = "unchecked conversion"


def scanned_number_uses(
    ctx: Ctx, call: Node, args: list[Node], index_check: IndexCheck
) -> list[Note] | Outcome:
    """Numbers a scanf-like ``call`` reads from input into ``&x`` (``args``): every later use of
    each (arithmetic, array indexes, the functions it is handed to) must be bounded; a use the
    analyst cannot follow keeps the finding (the input is not validated)."""
    func = enclosing_function(call)
    notes: list[Note] = []
    for a in args:
        e = strip_expr(a)
        inner = strip_expr(e.child_by_field_name("argument") or e) if e.type == "pointer_expression" else None
        if func is not None and inner is not None and inner.type == "field_expression":
            member = _harmless_member(ctx, text(inner), call)  # `&g->width`: a member only compared
            if member is not None:
                notes.extend(member)
                continue
        if func is None or inner is None or inner.type != "identifier":
            return keep(ctx, call, f"where the number read into `{text(a)}` goes is not followed", _UNCHECKED)
        got = _number_uses(ctx, func, text(inner), call, 0, index_check=index_check)
        if isinstance(got, Outcome):
            return got
        notes.extend(got)
    return notes


_USES = frozenset(
    {"return_statement", "call_expression", "subscript_expression", "binary_expression",
     "assignment_expression", "update_expression", "init_declarator", "pointer_expression",
     "for_statement", "while_statement", "do_statement"}
)  # fmt: skip


def _number_uses(
    ctx: Ctx,
    func: Node,
    name: str,
    after: Node | None,
    depth: int,
    *,
    index_check: IndexCheck,
    copied: frozenset[str] = frozenset(),
) -> list[Note] | Outcome:
    """The arithmetic on ``name`` in ``func`` (after ``after``), following it into the workspace
    functions it is passed to; a use the analyst cannot follow (returned, handed to an unknown
    function) keeps the finding. ``index_check`` judges an array index that uses it."""
    notes: list[Note] = []
    anchor = after if after is not None else func
    if not name.isidentifier():
        harmless = _harmless_member(ctx, name, anchor)
        if harmless is not None:
            return harmless
        return keep(
            ctx, anchor, f"the number is stored in `{name}`, which the analyst does not follow", _UNCHECKED
        )
    if not is_local(func, name):
        return keep(
            ctx, anchor, f"`{name}` is not a local of {func_name(func)}(): other code may use it", _UNCHECKED
        )
    for n in walk(func):
        if after is not None and n.start_byte < after.end_byte:
            continue
        if n.type not in _USES or name not in idents(n) or dead_branch(ctx, n) is not None:
            continue  # (checked in this order: dead_branch is the costly test)
        if n.type == "pointer_expression":
            if _read_into(n):
                continue  # a scanf-like call reads a new number into it: judged by its own finding
            if (
                text(n.child_by_field_name("operator")) == "&"
                and text(strip_expr(n.child_by_field_name("argument") or n)) == name
            ):
                return keep(ctx, n, f"the address of `{name}` is handed out", _UNCHECKED)
            continue
        work = loop_work(n, name)
        if work is not None:
            subscripts, driven = work
            if driven is not None:
                why = (
                    f"`{name}` bounds the loop at line {line_of(n)}, which uses it at line {line_of(driven)}"
                )
                return keep(ctx, driven, why, _UNCHECKED)
            for sub in subscripts:
                r = index_check(ctx, sub)
                if isinstance(r, Outcome):
                    return r
                notes.extend(r)
            continue
        carried = carried_into(n, name)
        if carried is not None:
            target, store = carried
            member = _harmless_member(ctx, target, store) if not target.isidentifier() else None
            if member is not None:
                notes.extend(member)  # a member only ever compared or range-checked in the file
            elif (
                not target.isidentifier()
                or not is_local(func, target)
                or address_taken(func, target) is not None
            ):
                return keep(
                    ctx,
                    store,
                    f"`{name}` is stored in `{target}`, which the analyst does not follow",
                    _UNCHECKED,
                )
            else:
                if target in copied or len(copied) >= 4:
                    why = f"`{name}` is copied into `{target}` and on, further than followed"
                    return keep(ctx, store, why, _UNCHECKED)
                inner = _number_uses(
                    ctx, func, target, store, depth, index_check=index_check, copied=copied | {name}
                )
                if isinstance(inner, Outcome):
                    return inner
                notes.extend(inner)
        if n.type in {"init_declarator", "for_statement", "while_statement", "do_statement"}:
            continue
        if n.type == "return_statement":
            back = _returned_uses(ctx, func, n, name, depth, index_check=index_check)
            if back is None:
                return keep(
                    ctx,
                    n,
                    f"`{name}` is returned to callers the analyst does not follow",
                    "unchecked conversion",
                )
            if isinstance(back, Outcome):
                return back
            notes.extend(back)
            continue
        if n.type == "call_expression":
            args = call_args(n)
            at = [
                i
                for i, a in enumerate(args)
                if strip_expr(a).type == "identifier" and text(strip_expr(a)) == name
            ]
            if not at or callee_of(n) in FORMAT_FUNCS or callee_of(n) in READ_ONLY_ARGS:
                continue
            if _compared(n) and _magnitude_exact(ctx, n, name, func):
                continue
            found = definition_of(ctx, n) if depth < 2 else None
            if found is None:
                return keep(
                    ctx,
                    n,
                    f"`{name}` is handed to {callee_of(n) or 'a call'}() unchecked",
                    "unchecked conversion",
                )
            octx, fdef = found
            params = param_names(fdef)
            for i in at:
                if i >= len(params):
                    return keep(ctx, n, f"{callee_of(n)}() call not understood", _UNCHECKED)
                inner = _number_uses(octx, fdef, params[i], None, depth + 1, index_check=index_check)
                if isinstance(inner, Outcome):
                    return inner
                notes.extend(inner)
            continue
        if n.type == "subscript_expression":
            index = n.child_by_field_name("index")
            if index is None or name not in idents(index):
                continue
            r = index_check(ctx, n)  # the number picks an element: it must stay inside the array
            if isinstance(r, Outcome):
                return r
            notes.extend(r)
            continue
        if n.type not in {"binary_expression", "assignment_expression", "update_expression"}:
            continue
        if text(n.child_by_field_name("operator")) not in _ARITH or name not in idents(n):
            continue
        r = arith_safe(ctx, n)
        if isinstance(r, Outcome):
            return r
        notes.extend(r)
    return notes


def _read_into(address: Node) -> bool:
    """``&n`` is an argument of a scanf-like library call (which only stores a number there)."""
    call = address.parent.parent if address.parent is not None else None
    return call is not None and call.type == "call_expression" and callee_of(call) in SCAN_FUNCS


def _returned_uses(
    ctx: Ctx, func: Node, ret: Node, name: str, depth: int, *, index_check: IndexCheck
) -> list[Note] | Outcome | None:
    """``return name;`` from a function only its own file can call: the uses of the variable every
    call stores the result in (None when a call's result goes elsewhere, or callers are not all seen)."""
    from .c_callers import visible_calls

    value = ret.named_children[0] if ret.named_children else None
    if (
        value is None
        or strip_expr(value).type != "identifier"
        or text(strip_expr(value)) != name
        or depth >= 2
    ):
        return None
    calls = visible_calls(ctx, func)
    if not calls:
        return None
    notes: list[Note] = []
    for call in calls:
        holder = call.parent
        while holder is not None and holder.type in {"parenthesized_expression", "cast_expression"}:
            holder = holder.parent
        if holder is not None and holder.type == "init_declarator":
            var = declared_name(holder.child_by_field_name("declarator"))
        elif (
            holder is not None
            and holder.type == "assignment_expression"
            and text(holder.child_by_field_name("operator")) == "="
        ):
            var = stripped_text(holder.child_by_field_name("left"))
        else:
            return None
        caller = enclosing_function(call)
        if caller is None or not var.isidentifier():
            return None
        got = _number_uses(ctx.unbound(), caller, var, call, depth + 1, index_check=index_check)
        if isinstance(got, Outcome):
            return got
        notes.extend(got)
    return notes


_PURE_MATH = frozenset({"abs", "labs", "llabs", "imaxabs", "fabs", "sqrt", "cbrt", "floor", "ceil"})


def _compared(call: Node) -> bool:
    """A pure math function of the number whose result is only compared (``abs(n) <= K``): it
    computes a value for a check and writes nothing."""
    if callee_of(call) not in _PURE_MATH:
        return False
    cur = call.parent
    while cur is not None and cur.type in {"parenthesized_expression", "cast_expression"}:
        cur = cur.parent
    return (
        cur is not None
        and cur.type == "binary_expression"
        and text(cur.child_by_field_name("operator")) in {"<", "<=", ">", ">=", "==", "!="}
    )


def _magnitude_exact(ctx: Ctx, call: Node, name: str, func: Node) -> bool:
    """A pure math call on ``name`` that cannot overflow: not of the abs family, or of a variable
    whose type is narrower than the function's parameter (see :func:`abs_exact`)."""
    if callee_of(call) not in {"abs", "labs", "llabs", "imaxabs"}:
        return True
    return abs_exact(declared_type(name, func, ctx.parsed.tree.root_node), callee_of(call) + "(")


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


def result_floor(ctx: Ctx, e: Node, func: Node | None) -> int:
    """The smallest value the result may hold: 0 for an unsigned target, else the int minimum."""
    limit = result_limit(ctx, e, func)
    target: Node | None = None
    p = e.parent if e.type != "assignment_expression" else e
    while p is not None and p.type in {"parenthesized_expression", "binary_expression"}:
        p = p.parent
    if p is not None and p.type == "init_declarator":
        target = p.child_by_field_name("declarator")
    elif p is not None and p.type == "assignment_expression":
        target = p.child_by_field_name("left")
    if target is not None and strip_expr(target).type == "identifier":
        t = declared_type(text(strip_expr(target)), func, ctx.parsed.tree.root_node) or ""
        if t.startswith(("unsigned", "uint", "size_t")) or t in TYPE_MAX:
            return _type_floor(t)
    return -(2**63) if limit > 2**31 else -(2**31)


def _type_floor(declared: str) -> int:
    """The smallest value a variable of the integer type ``declared`` holds (a value stored into a
    narrower type than int is converted back to it)."""
    if declared.startswith(("unsigned", "uint", "size_t", "bool", "_Bool")):
        return 0
    if declared in TYPE_MAX:
        return -(TYPE_MAX[declared] + 1)
    if declared in TYPE_LIMIT:
        return -(TYPE_LIMIT[declared] + 1)
    return -(2**31)


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
            return TYPE_LIMIT.get(t, TYPE_MAX.get(t, 2**31 - 1))
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
