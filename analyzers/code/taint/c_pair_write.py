"""A write into a (pointer, size) parameter pair, checked against the size: ``f(char *dst, size_t
dstsz, ...)`` with ``if (dlen + 1 + nlen >= dstsz) return -1;`` before ``memcpy(dst + dlen + 1,
name, nlen)``. It fits when

- every call of ``f`` (all visible: c_callers) hands ``dst`` an object of at least the bytes it
  hands ``dstsz`` (``f(buf, sizeof buf, ...)``), and neither parameter changes in ``f``;
- a check holding at the write keeps a sum ``small`` below (or at most) ``dstsz``, and the write's
  extent (its offset plus its length) is at most ``small``: every variable counts in ``small`` at
  least as often as in the extent and cannot be negative, and the constants leave room;
- the sum cannot wrap: each of its variables is a string's length (``strlen``, perhaps counted
  down under a check that it is positive) or has a small known bound.
"""

from __future__ import annotations

import re

from tree_sitter import Node

from .c_context import Ctx
from .c_tree import (
    ancestors,
    call_args,
    callee_of,
    declared_name,
    enclosing_function,
    param_names,
    squash,
    strip_expr,
    stripped_text,
    text,
    walk,
)
from .c_values import const_int
from .values import Note

Linear = tuple[dict[str, int], int]
_LIMIT = 1 << 30


def paired_destination(ctx: Ctx, call: Node, dst: Node, length: Node, func: Node | None) -> Note | None:
    """A note when the write of ``length`` bytes at ``dst`` stays inside its object by a check."""
    if func is None:
        return None
    size_of = linear_of(ctx, length, func)
    got = checked_extent(ctx, call, dst, size_of, func) if size_of is not None else None
    if got is not None:
        return got
    clamped = _clamped_to(ctx, length, call, func)  # `if (n >= dstsz) n = dstsz - 1;` just before
    bound = linear_of(ctx, clamped, func) if clamped is not None else None
    return checked_extent(ctx, call, dst, bound, func) if bound is not None else None


def _clamped_to(ctx: Ctx, length: Node, at: Node, func: Node) -> Node | None:
    """``S - k`` when a statement before ``at`` in its block is ``if (n >= S - k + 1) n = S - k;`` (or
    ``if (n > S - k)``) for the variable ``n`` that ``length`` is, and nothing between changes ``n``
    or ``S``: ``n`` is at most ``S - k`` at ``at`` on both paths."""
    from .c_callers import keeps_value

    n = strip_expr(length)
    if n.type != "identifier":
        return None
    name = text(n)
    child, cur = at, at.parent
    while cur is not None and cur != func:
        if cur.type == "compound_statement":
            stmts = [c for c in cur.named_children if c.type != "comment"]
            idx = next(
                (i for i, st in enumerate(stmts) if st.start_byte <= child.start_byte < st.end_byte), None
            )
            for st in reversed(stmts[:idx] if idx is not None else []):
                found = _clamp(ctx, st, name, func)
                if found is not None:
                    between = [x for x in stmts[stmts.index(st) + 1 : idx]]
                    names = {name} | {text(i) for i in walk(found) if i.type == "identifier"}
                    if any(not keeps_value(x, v) for x in between for v in names):
                        return None
                    return found
        child, cur = cur, cur.parent
    return None


def _clamp(ctx: Ctx, st: Node, name: str, func: Node) -> Node | None:
    """The value ``S - k`` of ``if (name >= S - k + 1) name = S - k;`` / ``if (name > S - k) ...``."""
    if st.type != "if_statement" or st.child_by_field_name("alternative") is not None:
        return None
    cond, cons = st.child_by_field_name("condition"), st.child_by_field_name("consequence")
    if cond is None or cons is None:
        return None
    body = (
        [c for c in cons.named_children if c.type != "comment"]
        if cons.type == "compound_statement"
        else [cons]
    )
    if len(body) != 1 or body[0].type != "expression_statement" or not body[0].named_children:
        return None
    assign = strip_expr(body[0].named_children[0])
    if assign.type != "assignment_expression" or text(assign.child_by_field_name("operator")) != "=":
        return None
    if stripped_text(assign.child_by_field_name("left")) != name:
        return None
    value = assign.child_by_field_name("right")
    c = strip_expr(cond)
    if value is None or c.type != "binary_expression":
        return None
    op = text(c.child_by_field_name("operator"))
    left, right = c.child_by_field_name("left"), c.child_by_field_name("right")
    if left is None or right is None or stripped_text(left) != name:
        return None
    v = linear_of(ctx, value, func)
    r = linear_of(ctx, right, func)
    if v is None or r is None or v[0] != r[0]:
        return None
    # n >= R leaves n < R, n > R leaves n <= R: the clamp value must be at least what is left
    left_at_most = r[1] - 1 if op == ">=" else r[1] if op == ">" else None
    if left_at_most is None or v[1] < left_at_most:
        return None
    return value


def checked_extent(ctx: Ctx, at: Node, dst: Node, size_of: Linear, func: Node) -> Note | None:
    """A note when writing ``size_of`` bytes (or elements) at ``dst`` stays inside the object ``dst``
    points into by a check holding at ``at``: the object is a (pointer, size) parameter pair whose
    every visible call hands enough, or an object of known size at least the checked bound."""
    from .c_callers import keeps_value
    from .c_guards import checks_before
    from .c_objects import writable

    found = _pointer(ctx, dst, func)
    if found is None:
        return None
    obj, offset = found
    want = add(offset, size_of)
    params = param_names(func)
    pair = obj.type == "identifier" and text(obj) in params and keeps_value(func, text(obj))
    if pair:
        # the length is the size parameter itself, or less: `strncpy(dst, src, dstsz - 1)`
        sized = [v for v, c in want[0].items() if c == 1 and v in params and v != text(obj)]
        if len(want[0]) == 1 and sized and want[1] <= 0 and keeps_value(func, sized[0]) and not offset[0]:
            # each call hands at least 1 - k for `size - k` (no wrap below zero)
            callers = _pair_holds(
                ctx, func, params.index(text(obj)), params.index(sized[0]), least=max(1, -want[1])
            )
            if callers is not None:
                return ctx.note(
                    at,
                    f"it writes at most `{sized[0]}` bytes, and every call of this function hands "
                    f"`{text(obj)}` at least `{sized[0]}` bytes ({callers})",
                    "guard",
                )
    if want[1] < 0 or any(c < 0 for c in want[0].values()):
        return None  # a part that may be negative: the write may start before the object, or wrap

    room = None if pair else writable(ctx, obj, func)
    if not pair and room is None:
        return None
    for check in checks_before(ctx, at):
        big = strip_expr(check.big)
        moved = check.changed & (set(want[0]) | {text(big), text(obj)})
        if moved and not _changed_only_from(check.where, at, moved):
            continue
        small = linear_of(ctx, check.small, func)
        if small is None or any(c < 0 for c in small[0].values()):
            continue
        spare = small[1] - want[1] + (1 if check.strict else 0)
        if spare < 0 or any(small[0].get(v, 0) < c for v, c in want[0].items()):
            continue
        if not all(_cannot_wrap(ctx, v, check.where, func) for v in small[0]):
            continue
        if pair:
            if big.type != "identifier" or text(big) not in params or not keeps_value(func, text(big)):
                continue
            callers = _pair_holds(ctx, func, params.index(text(obj)), params.index(text(big)))
            if callers is None:
                continue
            why = (
                f"`{text(check.small)}` is checked against `{text(big)}`, and every call of this function "
                f"hands `{text(obj)}` at least `{text(big)}` bytes ({callers})"
            )
        else:
            limit = const_int(ctx, big, func)
            if limit is None or room is None or limit > room:
                continue
            why = f"`{text(check.small)}` is checked against {limit}, and `{text(obj)}` holds {room}"
        return ctx.note(check.where, why, "guard")
    return None


def _pointer(ctx: Ctx, e: Node, func: Node) -> tuple[Node, Linear] | None:
    """``dst + dlen + 1`` (or ``&dst[k]``) as the object it points into and its offset."""
    e = strip_expr(e)
    if e.type in {"identifier", "field_expression"}:
        return e, ({}, 0)
    if e.type == "pointer_expression" and text(e.child_by_field_name("operator")) == "&":
        inner = strip_expr(e.child_by_field_name("argument") or e)
        if inner.type == "subscript_expression":
            arr, idx = inner.child_by_field_name("argument"), inner.child_by_field_name("index")
            base = _pointer(ctx, arr, func) if arr is not None else None
            more = linear_of(ctx, idx, func) if idx is not None else None
            if base is not None and more is not None:
                return base[0], add(base[1], more)
        return None
    if e.type == "binary_expression" and text(e.child_by_field_name("operator")) == "+":
        left, right = e.child_by_field_name("left"), e.child_by_field_name("right")
        start = _pointer(ctx, left, func) if left is not None else None
        extra = linear_of(ctx, right, func) if right is not None else None
        if start is not None and extra is not None:
            return start[0], add(start[1], extra)
    return None


def linear_of(ctx: Ctx, e: Node, func: Node) -> Linear | None:
    """``e`` as a sum of variables times constants plus a constant."""
    e = strip_expr(e)
    value = const_int(ctx, e, func)
    if value is not None:
        return {}, value
    if e.type == "identifier":
        return {text(e): 1}, 0
    if e.type == "binary_expression":
        op = text(e.child_by_field_name("operator"))
        left, right = e.child_by_field_name("left"), e.child_by_field_name("right")
        if left is None or right is None:
            return None
        if op in {"+", "-"}:
            a = linear_of(ctx, left, func)
            b = linear_of(ctx, right, func)
            if a is None or b is None:
                return None
            return add(a, b if op == "+" else ({k: -v for k, v in b[0].items()}, -b[1]))
        if op == "*":
            for x, y in ((left, right), (right, left)):
                k = const_int(ctx, y, func)
                if k is None or k < 0:
                    continue
                got = linear_of(ctx, x, func)
                if got is not None:
                    return {v: c * k for v, c in got[0].items()}, got[1] * k
    return None


def add(a: Linear, b: Linear) -> Linear:
    """The sum of two linear expressions."""
    out = dict(a[0])
    for k, v in b[0].items():
        out[k] = out.get(k, 0) + v
    return {k: v for k, v in out.items() if v}, a[1] + b[1]


def cannot_wrap(ctx: Ctx, var: str, at: Node, func: Node) -> bool:
    """``var`` plus a few small values does not wrap (:func:`_cannot_wrap`)."""
    return _cannot_wrap(ctx, var, at, func)


def _cannot_wrap(ctx: Ctx, var: str, at: Node, func: Node) -> bool:
    """``var`` is a string's length (perhaps counted down while positive) or a non-negative value
    with a small known bound: a sum of a few such values does not wrap."""
    from .c_paths import cannot_be_negative, upper_bound

    ident = next((n for n in walk(func) if n.type == "identifier" and text(n) == var), None)
    if ident is None:
        return False
    bound = upper_bound(ctx, ident, at, func)
    if bound is not None and 0 <= bound[0] <= _LIMIT and cannot_be_negative(ctx, ident, at, func):
        return True
    if _wide_counter(ctx, var, func) or _checked_counter(ctx, var, func):
        return True
    from .c_conditions import reaching_value

    reaching = reaching_value(ctx, var, at, func)  # `n = strlen(s);` reaching here, whatever n is elsewhere
    r = strip_expr(reaching) if reaching is not None else None
    if r is not None and r.type == "call_expression" and callee_of(r) in {"strlen", "strnlen", "wcslen"}:
        return True
    measured = [
        n
        for n in walk(func)
        if n.type in {"init_declarator", "assignment_expression"}
        and text(n.child_by_field_name("declarator") or n.child_by_field_name("left") or n).strip() == var
    ]
    if not measured:
        return False
    for n in measured:
        value = n.child_by_field_name("value") or n.child_by_field_name("right")
        v = strip_expr(value) if value is not None else None
        if v is None or v.type != "call_expression" or callee_of(v) not in {"strlen", "strnlen", "wcslen"}:
            return False
        if n.type == "assignment_expression" and text(n.child_by_field_name("operator")) != "=":
            return False
    # other changes: only `var--` / `--var`, once under a test that it is positive
    for n in walk(func):
        named = n.child_by_field_name("argument") or n.child_by_field_name("left") or n
        if text(strip_expr(named)) != var:
            continue
        if n.type == "update_expression" and ("++" in text(n) or not _positive_at(n, var)):
            return False
        if n.type == "assignment_expression" and n not in measured:
            return False
        if n.type == "pointer_expression" and text(n.child_by_field_name("operator")) == "&":
            return False
    return True


def _checked_counter(ctx: Ctx, var: str, func: Node) -> bool:
    """``var`` starts at a small constant and grows only where a check keeps the grown value below
    a small bound (:func:`checked_counter_max`): adding a few small values to it does not wrap."""
    top = checked_counter_max(ctx, var, func)
    return top is not None and top <= _LIMIT


def checked_counter_max(ctx: Ctx, var: str, func: Node) -> int | None:
    """The largest value of ``var`` when it starts at non-negative constants and grows only where a
    check keeps the grown value below a bound (``if (o + 1 >= sizeof(out)) return -1; out[o++] = c;``,
    ``if (o + n >= sizeof(out)) return -1; ... o += n;``; ``if (o < B) o++;`` lets it reach B): by
    induction it never exceeds the largest of those; None otherwise (a decrement, its address taken,
    another assignment)."""
    from .c_conditions import comparisons, holding_conditions

    top: int | None = None
    for n in walk(func):
        if n.type == "init_declarator" and text(n.child_by_field_name("declarator") or n) == var:
            v = const_int(ctx, n.child_by_field_name("value"), func)
            if v is None or v < 0:
                return None
            top = v if top is None else max(top, v)
            continue
        if n.type == "pointer_expression" and text(n.child_by_field_name("operator")) == "&":
            if text(strip_expr(n.child_by_field_name("argument") or n)) == var:
                return None
            continue
        grows: str | None = None
        if n.type == "update_expression" and text(strip_expr(n.child_by_field_name("argument") or n)) == var:
            if text(n.child_by_field_name("operator")) != "++":
                return None
            grows = "1"
        elif (
            n.type == "assignment_expression" and text(strip_expr(n.child_by_field_name("left") or n)) == var
        ):
            op = text(n.child_by_field_name("operator"))
            value = n.child_by_field_name("right")
            if op == "=":
                v = const_int(ctx, value, func)
                if v is None or v < 0:
                    return None
                top = v if top is None else max(top, v)
                continue
            if op != "+=" or value is None:
                return None
            grows = squash(text(strip_expr(value)))
        if grows is None:
            continue
        # `o + 1 < B` keeps the grown value below B; `o < B` only keeps it at most B (`o++` then)
        limits = [
            b - (1 if op == "<" and squash(cmp_var) != var else 0)
            for cond, truth, _w in holding_conditions(n)
            for cmp_var, op, other in comparisons(cond, truth)
            if (b := _grown_limit(ctx, squash(cmp_var), op, other, var, grows, func)) is not None and b >= 0
        ]
        if not limits and grows == "1":
            start = straight_start(ctx, var, n, func)  # `int n = 0; ... a[n++] = x;` before any loop
            limits = [start + 1] if start is not None else []
        if not limits:
            return None
        top = min(limits) if top is None else max(top, min(limits))
    return top


def straight_start(ctx: Ctx, var: str, step: Node, func: Node) -> int | None:
    """The constant ``var`` holds where ``step`` runs, when ``step`` lies in a statement of the block
    that declares ``var`` with a constant, outside any loop, and no statement between names ``var``
    or carries a label (``int ncols = 0; ... cols[ncols++] = p;``)."""
    from .c_conditions import LOOPS

    around = ancestors(step, func)
    if any(a.type in LOOPS for a in around):
        return None  # `while (..) a[n++] = c;`: a later round sees another value
    cur = next(
        (a for a in [step, *around] if a.parent is not None and a.parent.type == "compound_statement"), None
    )
    if cur is None or cur.parent is None:
        return None
    for s in reversed([c for c in cur.parent.named_children if c.end_byte <= cur.start_byte]):
        if s.type == "labeled_statement":
            return None
        if s.type == "declaration":
            for d in s.named_children:
                if d.type == "init_declarator" and text(d.child_by_field_name("declarator") or d) == var:
                    v = const_int(ctx, d.child_by_field_name("value"), func)
                    return v if v is not None and v >= 0 else None
        if any(n.type == "identifier" and text(n) == var for n in walk(s)):
            return None
    return None


def _grown_limit(  # noqa: PLR0917
    ctx: Ctx, checked: str, op: str, other: Node, var: str, grows: str, func: Node
) -> int | None:
    """The bound ``B`` a check ``checked op other`` puts on ``var + grows`` (``var + n < B``, or
    rearranged, ``n < B - var`` as after ``if (n >= sizeof(out) - used) break;``), or None."""
    from .c_paths import bound_value

    if _grown_under(checked, op, var, grows):
        return bound_value(ctx, other, func)
    o = strip_expr(other)
    bare = checked.removeprefix("(size_t)").removeprefix("(unsigned)")
    if (
        op in {"<", "<="}
        and bare == grows
        and o.type == "binary_expression"
        and text(o.child_by_field_name("operator")) == "-"
        and squash(text(strip_expr(o.child_by_field_name("right") or o))) == var
    ):
        left = o.child_by_field_name("left")
        return bound_value(ctx, left, func) if left is not None else None
    return None


def _grown_under(checked: str, op: str, var: str, grows: str) -> bool:
    """``checked op bound`` keeps ``var + grows`` at most the bound (``o + n < B``, ``o + 1 <= B``,
    ``o < B`` for a step of one)."""
    if op not in {"<", "<="}:
        return False
    if grows == "1" and checked == var:
        return op == "<"
    return checked in {f"{var}+{grows}", f"{grows}+{var}"} or (
        grows == "1"
        and re.fullmatch(rf"(?:{re.escape(var)}\+[1-9]\d*|[1-9]\d*\+{re.escape(var)})", checked) is not None
    )


def _positive_at(node: Node, var: str) -> bool:
    """A condition tested on the way to the decrement ``node`` said ``var > 0``, and the statement
    it guards decrements ``var`` only there."""
    from .c_conditions import comparisons, holding_conditions

    for cond, truth, where in holding_conditions(node, as_tested=True):
        decrements = [
            n
            for n in walk(where)
            if n.type == "update_expression"
            and text(strip_expr(n.child_by_field_name("argument") or n)) == var
        ]
        if len(decrements) != 1:
            continue
        for v, op, other in comparisons(cond, truth):
            if v == var and (op, text(other)) in {(">", "0"), (">=", "1"), ("!=", "0")}:
                return True
    return False


def _pair_holds(ctx: Ctx, func: Node, p: int, s: int, *, least: int = 0) -> str | None:
    """Every visible call hands parameter ``p`` an object of at least the bytes it hands ``s``:
    a short description, or None."""
    from .c_callers import visible_calls
    from .c_objects import writable

    calls = visible_calls(ctx, func)
    if not calls:
        return None
    outer = ctx.unbound()
    shown: list[str] = []
    for call in calls:
        args = call_args(call)
        if max(p, s) >= len(args):
            return None
        where = enclosing_function(call)
        room = writable(outer, strip_expr(args[p]), where)
        size = const_int(outer, args[s], where)
        if room is None or size is None or size > room or size < least:
            return None
        shown.append(f"line {call.start_point[0] + 1}: {size} of {room}")
    return "; ".join(shown[:3])


def _changed_only_from(loop: Node, at: Node, names: frozenset[str] | set[str]) -> bool:
    """``loop``'s condition holds at the top of each round, and the round changes ``names`` only at
    ``at`` or after it (``dst[o++] = c`` after ``while (o + 1 < n)``): they still have their tested
    values when ``at`` runs. A for loop's own update runs after the round; its initialiser before."""
    if loop.type not in {"while_statement", "for_statement"}:
        return False
    body = loop.child_by_field_name("body")
    if body is None or not (body.start_byte <= at.start_byte < body.end_byte):
        return False
    for n in walk(body):
        if n.start_byte >= at.start_byte or _exclusive(n, at):
            continue
        if n.type in {"assignment_expression", "update_expression"}:
            target = n.child_by_field_name("left") or n.child_by_field_name("argument")
            if target is not None and text(strip_expr(target)) in names:
                return False
        if (
            n.type == "pointer_expression"
            and text(n.child_by_field_name("operator")) == "&"
            and text(strip_expr(n.child_by_field_name("argument") or n)) in names
        ):
            return False
        if n.type in {"goto_statement", "labeled_statement"}:
            return False
    return True


def _wide_counter(ctx: Ctx, var: str, func: Node) -> bool:
    """A 64-bit unsigned counter (``size_t``) set only to non-negative constants and counted up by
    ones: it would take 2^64 steps to wrap."""
    import re

    from .c_values import declared_type

    typ = declared_type(var, func, ctx.parsed.tree.root_node) or ""
    if not re.search(r"\bsize_t\b|\bunsigned long\b|\buint64_t\b", typ) or "*" in typ:
        return False
    if var in param_names(func) or counting_floor(ctx, var, func) is None:
        return False  # what callers pass is not counted up from a constant
    if not any(
        n.type == "init_declarator"
        and declared_name(n.child_by_field_name("declarator")) == var
        and n.child_by_field_name("value") is not None
        for n in walk(func)
    ):
        return False  # counted from its initialiser
    return not any(
        n.type == "assignment_expression"
        and text(strip_expr(n.child_by_field_name("left") or n)) == var
        and text(n.child_by_field_name("operator")) == "+="
        and const_int(ctx, n.child_by_field_name("right"), func) != 1
        for n in walk(func)
    )


def counting_floor(ctx: Ctx, name: str, func: Node) -> int | None:
    """The smallest value of a variable only ever set to non-negative constants and counted up."""
    floor: int | None = None
    for n in walk(func):
        if n.type == "init_declarator" and declared_name(n.child_by_field_name("declarator")) == name:
            value = n.child_by_field_name("value")
            k = const_int(ctx, value, func) if value is not None else None
            if k is None or k < 0:
                return None
            floor = k if floor is None else min(floor, k)
        elif n.type == "assignment_expression" and stripped_text(n.child_by_field_name("left")) == name:
            op = text(n.child_by_field_name("operator"))
            k = const_int(ctx, n.child_by_field_name("right"), func)
            if k is None or k < 0 or op not in {"=", "+="}:
                return None
            if op == "=":
                floor = k if floor is None else min(floor, k)
        elif n.type == "update_expression" and stripped_text(n.child_by_field_name("argument")) == name:
            if text(n.child_by_field_name("operator")) != "++":
                return None
        elif (
            n.type == "pointer_expression"
            and text(n.child_by_field_name("operator")) == "&"
            and stripped_text(n.child_by_field_name("argument")) == name
        ):
            return None
    return floor


def _exclusive(n: Node, at: Node) -> bool:
    """``n`` and ``at`` lie in different branches of one ``if``: they never run in the same pass."""
    child, cur = n, n.parent
    while cur is not None and not (cur.start_byte <= at.start_byte < cur.end_byte):
        child, cur = cur, cur.parent
    if cur is None or cur.type != "if_statement":
        return False
    cons, alt = cur.child_by_field_name("consequence"), cur.child_by_field_name("alternative")
    in_cons = cons is not None and cons.start_byte <= at.start_byte < cons.end_byte
    in_alt = alt is not None and alt.start_byte <= at.start_byte < alt.end_byte
    return (child == cons and in_alt) or (child == alt and in_cons)
