"""Bounds that hold on every path to a node: upper bounds from dominating checks and clamps (and
string lengths inside their arrays), non-negative lengths."""

from __future__ import annotations

from tree_sitter import Node

from .c_conditions import comparisons, holding_conditions, reassigned
from .c_context import Ctx
from .c_lengths import string_length_bound
from .c_macros import macro_conditions
from .c_member_count import member_count_max
from .c_tree import callee_of, file_function, inside, squash, strip_expr, text, walk
from .c_values import UNSIGNED, const_int, declared_type, sizeof_value


def upper_bound(ctx: Ctx, expr: Node, at: Node, func: Node | None) -> tuple[int, Node] | None:
    """The largest value ``expr`` (a variable) can have at ``at``, from dominating checks or a clamp."""
    name = text(strip_expr(expr))
    return upper_bound_of(ctx, {squash(name)}, at, func)


def bound_value(ctx: Ctx, other: Node, func: Node | None) -> int | None:
    v = const_int(ctx, other, func)
    if v is None and strip_expr(other).type == "sizeof_expression":
        v = sizeof_value(ctx, strip_expr(other), func)
    if v is None and func is not None:
        v = _largest(ctx, strip_expr(other), func, 0)
    if v is None and strip_expr(other).type == "field_expression":
        v = member_count_max(ctx, other)  # `i < t->n` where every store keeps `t->n` within a bound
    return v


def _largest(ctx: Ctx, e: Node, func: Node, depth: int) -> int | None:
    """The largest value of ``len``, ``len + K``, ``len - K``, ``K * len`` when ``len = strlen(buf)``
    (a string inside its own array is shorter than the array)."""
    if depth > 3:
        return None
    if e.type == "identifier":
        return string_length_bound(ctx, text(e), func)
    if e.type != "binary_expression":
        return const_int(ctx, e, func)
    op = text(e.child_by_field_name("operator"))
    left, right = e.child_by_field_name("left"), e.child_by_field_name("right")
    if left is None or right is None or op not in {"+", "-", "*"}:
        return None
    a = _largest(ctx, strip_expr(left), func, depth + 1)
    if op == "-":
        k = const_int(ctx, right, func)
        return a - k if a is not None and k is not None and k >= 0 else None
    b = _largest(ctx, strip_expr(right), func, depth + 1)
    if a is None or b is None or a < 0 or b < 0:
        return None
    return a + b if op == "+" else a * b


def _member_counted(ctx: Ctx, names: set[str], at: Node) -> tuple[int, Node] | None:
    """``i < t->n`` tested on the way to ``at`` with ``i`` unchanged since, where every store of the
    file keeps ``t->n`` at most ``K`` (c_member_count): ``i`` is below ``K`` at ``at``, even if a call
    handed ``t`` since changed ``t->n``."""
    plain = frozenset(n for n in names if n.isidentifier())
    if not plain:
        return None
    best: tuple[int, Node] | None = None
    for cond, truth, where in holding_conditions(at, only=plain):
        for var, op, other in comparisons(cond, truth):
            o = strip_expr(other)
            if squash(var) not in plain or op not in {"<", "<="} or o.type != "field_expression":
                continue
            k = member_count_max(ctx, o)
            if k is None:
                continue
            bound = k - 1 if op == "<" else k
            if best is None or bound < best[0]:
                best = (bound, where)
    return best


def upper_bound_of(
    ctx: Ctx, names: set[str], at: Node, func: Node | None, depth: int = 0
) -> tuple[int, Node] | None:
    """The largest value any expression in ``names`` (squashed text) can have at ``at``: from
    dominating checks (``if (n < K)``, ``if (strlen(s) >= K) return;``, ``if (strlen(s) != K)
    return;``, or a macro expanding to such a check) or a clamp just before
    (``if (n > K) n = K;``) that nothing undoes."""
    best: tuple[int, Node] | None = None
    for cond, truth, where in facts(ctx, at):
        for var, op, other in comparisons(cond, truth):
            if squash(var) not in names or op not in {"<", "<=", "=="}:
                continue  # (`if (strlen(s) != 8) return -1;` leaves it equal to 8)
            v = bound_value(ctx, other, func)
            o = strip_expr(other)
            if v is None and o.type == "identifier" and depth < 2 and squash(text(o)) not in names:
                # `i < nlen` where a check holding here bounds `nlen` itself (`nlen >= sizeof(name)`
                # left before): the tighter of what bounds it
                inner = upper_bound_of(ctx, {squash(text(o))}, at, func, depth + 1)
                v = inner[0] if inner is not None else None
            if v is None:
                continue
            bound = v - 1 if op == "<" else v
            if best is None or bound < best[0]:
                best = (bound, where)
    clamp = clamp_bound(ctx, names, at, func)
    if clamp is not None and (best is None or clamp[0] < best[0]):
        best = clamp
    counted = _member_counted(ctx, names, at) if best is None else None
    if counted is None and best is None and depth == 0 and func is not None:
        counted = _returned_bound(ctx, names, at, func)
    return counted if counted is not None else best


def _returned_bound(ctx: Ctx, names: set[str], at: Node, func: Node) -> tuple[int, Node] | None:
    """``k = find(t, key)`` reaching ``at``, where every ``return`` of the file's function ``find`` is
    a constant or a value bounded where it is returned (``return (long)i;`` under ``i < t->n``): ``k``
    is at most the largest of them."""
    from .c_conditions import reaching_value

    for name in names:
        value = reaching_value(ctx, name, at, func) if name.isidentifier() else None
        v = strip_expr(value) if value is not None else None
        if v is None or v.type != "call_expression":
            continue
        fdef = file_function(ctx.parsed.tree.root_node, ctx.callee(v))
        if fdef is None or fdef == func:
            continue
        memo = ("returns-at-most", ctx.path, ctx.parsed.content_hash, fdef.start_byte)
        if memo not in ctx.memo:
            ctx.memo[memo] = _returns_at_most(ctx, fdef)
        top = ctx.memo[memo]
        if isinstance(top, int):
            return top, v
    return None


def _returns_at_most(ctx: Ctx, fdef: Node) -> int | None:
    """The largest value ``fdef`` returns, when every ``return`` has a constant or bounded value."""
    tops: list[int] = []
    for n in walk(fdef):
        if n.type != "return_statement":
            continue
        e = strip_expr(n.named_children[0]) if n.named_children else None
        if e is None:
            return None
        k = const_int(ctx, e, fdef)
        if k is None and e.type == "identifier":
            got = upper_bound_of(ctx, {text(e)}, n, fdef, depth=1)
            k = got[0] if got is not None else None
        if k is None:
            return None
        tops.append(k)
    return max(tops) if tops else None


def clamp_bound(ctx: Ctx, names: set[str], at: Node, func: Node | None) -> tuple[int, Node] | None:
    """``if (n > K) n = K;`` (or ``>=`` with ``K - 1``) earlier in a block enclosing ``at``, with
    ``n`` not written again before ``at``."""
    child, cur = at, at.parent
    while cur is not None and cur.type != "function_definition":
        if cur.type in {"compound_statement", "case_statement"}:
            value = cur.child_by_field_name("value") if cur.type == "case_statement" else None
            stmts = [c for c in cur.named_children if c.type != "comment" and c != value]
            idx = next((i for i, st in enumerate(stmts) if inside(child, st)), 0)
            for i in range(idx - 1, -1, -1):
                st = stmts[i]
                if st.type != "if_statement" or st.child_by_field_name("alternative") is not None:
                    continue
                cond, cons = st.child_by_field_name("condition"), st.child_by_field_name("consequence")
                if cond is None or cons is None:
                    continue
                body = (
                    [c for c in cons.named_children if c.type != "comment"]
                    if cons.type == "compound_statement"
                    else [cons]
                )
                if len(body) != 1 or body[0].type != "expression_statement" or not body[0].named_children:
                    continue
                assign = strip_expr(body[0].named_children[0])
                if (
                    assign.type != "assignment_expression"
                    or text(assign.child_by_field_name("operator")) != "="
                ):
                    continue
                left, right = assign.child_by_field_name("left"), assign.child_by_field_name("right")
                if left is None or right is None or squash(text(left)) not in names:
                    continue
                for var, op, other in comparisons(cond, True):
                    if squash(var) != squash(text(left)) or op not in {">", ">="}:
                        continue
                    limit, assigned = bound_value(ctx, other, func), bound_value(ctx, right, func)
                    if limit is None or assigned is None or assigned > limit:
                        continue
                    # otherwise n <= K (for >) or n < K (for >=) already held
                    bound = max(assigned, limit if op == ">" else limit - 1)
                    if reassigned(left, stmts[i + 1 : idx + 1], at):
                        continue
                    return bound, st
        child, cur = cur, cur.parent
    return None


def facts(ctx: Ctx, at: Node) -> list[tuple[Node, bool, Node]]:
    """Conditions that hold whenever ``at`` runs: dominating checks written out, and those hidden in
    function-like macros that leave when their condition holds (``c_macros``)."""
    return holding_conditions(at) + macro_conditions(ctx, at)


def nonnegative(ctx: Ctx, name: str, at: Node, func: Node | None) -> bool:
    for cond, truth, _where in facts(ctx, at):
        for var, op, other in comparisons(cond, truth):
            v = const_int(ctx, other, func)
            if var == name and op in {">", ">="} and v is not None and v >= (0 if op == ">=" else -1):
                return True
    return False


def cannot_be_negative(ctx: Ctx, n: Node, at: Node, func: Node | None) -> bool:
    """``n`` (a length) is of an unsigned type, a sizeof/strlen, or checked to be non-negative."""
    e = strip_expr(n)
    if e.type == "sizeof_expression" or (
        e.type == "call_expression" and callee_of(e) in {"strlen", "strnlen"}
    ):
        return True
    if e.type == "field_expression":
        return _unsigned_member(ctx, e) or _counted_member(ctx, e)
    if e.type != "identifier":
        return False
    declared = declared_type(text(e), func, ctx.parsed.tree.root_node)
    if declared is not None and UNSIGNED.search(declared):
        return True
    return nonnegative(ctx, text(e), at, func)


def _unsigned_member(ctx: Ctx, e: Node) -> bool:
    """``s->n`` where every member called ``n`` declared in the file has an unsigned type."""
    name = text(e.child_by_field_name("field") or e)
    types = [
        " ".join(
            text(c)
            for c in n.children
            if c.type in {"primitive_type", "sized_type_specifier", "type_identifier"}
        )
        for n in walk(ctx.parsed.tree.root_node)
        if n.type == "field_declaration"
        and any(c.type == "field_identifier" and text(c) == name for c in n.named_children)
    ]
    return bool(types) and all(UNSIGNED.search(t) for t in types)


_RAW_FILLERS = frozenset({"fread", "read", "recv", "recvfrom", "memcpy", "memmove"})


def _counted_member(ctx: Ctx, e: Node) -> bool:
    """``s->n`` where the member ``n`` is declared in this file, named by no other file of the
    program, and every store into a member of that name in the file sets it to a non-negative
    constant or counts it up (``= 0``, ``++``, ``+= 1``): it never holds a negative value. Structs are
    filled by no raw copy (``fread(&s, ...)``), and no initialiser of the file holds a negative
    number."""
    from .c_callers import named_in_program

    name = text(e.child_by_field_name("field") or e)
    key = ("counted-member", ctx.path, ctx.parsed.content_hash, name)
    if key not in ctx.memo:
        ctx.memo[key] = not named_in_program(ctx, name) and _only_counted_up(ctx, name)
    return bool(ctx.memo[key])


def _only_counted_up(ctx: Ctx, name: str) -> bool:
    root = ctx.parsed.tree.root_node
    declared = False
    for n in walk(root):
        if n.type == "field_declaration" and any(
            c.type == "field_identifier" and text(c) == name for c in n.named_children
        ):
            declared = True
        elif n.type == "call_expression" and callee_of(n) in _RAW_FILLERS and not _bytes_only(n, root):
            return False  # raw bytes over a struct: the member may hold anything
        elif n.type == "number_literal" and n.parent is not None and n.parent.type == "unary_expression":
            if text(n.parent.child_by_field_name("operator")) == "-" and _in_initialiser(n):
                return False
        elif (
            n.type == "field_expression"
            and text(n.child_by_field_name("field") or n) == name
            and not _counts_up(ctx, n)
        ):
            return False
    return declared


_BYTE_TYPES = frozenset({"char", "signed", "unsigned", "const", "uint8_t", "int8_t", "void"})


def _bytes_only(call: Node, root: Node) -> bool:
    """The raw copy ``call`` writes into a plain variable declared as bytes (``char *dst``), not into
    a struct."""
    from .c_tree import call_args, enclosing_function

    args = call_args(call)
    if not args:
        return False
    dst = strip_expr(args[0])
    if dst.type != "identifier":
        return False
    declared = declared_type(text(dst), enclosing_function(call), root)
    words = set((declared or "").replace("*", " ").split())
    return bool(words) and words <= _BYTE_TYPES


def _in_initialiser(n: Node) -> bool:
    cur = n.parent
    while cur is not None:
        if cur.type == "initializer_list":
            return True
        cur = cur.parent
    return False


def _counts_up(ctx: Ctx, member: Node) -> bool:
    """The use of ``member`` reads it, sets it to a non-negative constant, or counts it up."""
    cur, child = member.parent, member
    while cur is not None and cur.type == "parenthesized_expression":
        child, cur = cur, cur.parent
    if cur is None:
        return True
    if cur.type == "update_expression":
        return text(cur.child_by_field_name("operator")) == "++"
    if cur.type == "pointer_expression" and text(cur.child_by_field_name("operator")) == "&":
        return False
    if cur.type == "assignment_expression" and cur.child_by_field_name("left") == child:
        op = text(cur.child_by_field_name("operator"))
        value = cur.child_by_field_name("right")
        k = const_int(ctx, value, None) if value is not None else None
        return op in {"=", "+="} and k is not None and k >= 0
    return True
