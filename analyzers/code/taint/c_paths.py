"""Facts that hold on every path to a node: dominating conditions, dead branches, upper bounds
from checks and clamps, non-negative lengths."""

from __future__ import annotations

from tree_sitter import Node

from .c_context import Ctx
from .c_spec import C_TERMINATORS
from .c_tree import callee_of, enclosing_function, idents, inside, squash, strip_expr, text, walk
from .c_values import UNSIGNED, const_int, declared_type, sizeof_value
from .outcome import Outcome
from .values import Note


def holding_conditions(node: Node) -> list[tuple[Node, bool, Node]]:
    """Conditions known to hold (cond, truth, where) whenever ``node`` runs."""
    out: list[tuple[Node, bool, Node]] = []
    child = node
    cur = node.parent
    while cur is not None and cur.type != "function_definition":
        t = cur.type
        if t == "if_statement":
            cond = cur.child_by_field_name("condition")
            cons = cur.child_by_field_name("consequence")
            alt = cur.child_by_field_name("alternative")
            if cond is not None and cons is not None and inside(child, cons):
                out.append((cond, True, cur))
            elif cond is not None and alt is not None and inside(child, alt):
                out.append((cond, False, cur))
        elif t in {"while_statement", "for_statement"}:
            cond = cur.child_by_field_name("condition")
            body = cur.child_by_field_name("body")
            if cond is not None and body is not None and inside(child, body):
                out.append((cond, True, cur))
        elif t == "binary_expression":
            op = text(cur.child_by_field_name("operator"))
            left, right = cur.child_by_field_name("left"), cur.child_by_field_name("right")
            if left is not None and right is not None and inside(child, right):
                if op == "&&":
                    out.append((left, True, cur))
                elif op == "||":
                    out.append((left, False, cur))
        elif t == "conditional_expression":
            cond = cur.child_by_field_name("condition")
            cons = cur.child_by_field_name("consequence")
            alt = cur.child_by_field_name("alternative")
            if cond is not None and cons is not None and inside(child, cons):
                out.append((cond, True, cur))
            elif cond is not None and alt is not None and inside(child, alt):
                out.append((cond, False, cur))
        elif t == "compound_statement":
            stmts = [c for c in cur.named_children if c.type != "comment"]
            idx = next((i for i, s in enumerate(stmts) if inside(child, s)), None)
            if idx is not None:
                for i in range(idx - 1, -1, -1):
                    s = stmts[i]
                    if s.type == "if_statement":
                        cond = s.child_by_field_name("condition")
                        cons = s.child_by_field_name("consequence")
                        alt = s.child_by_field_name("alternative")
                        if cond is None or cons is None:
                            continue
                        if reassigned(cond, stmts[i + 1 : idx + 1], node):
                            continue  # the checked variables change before the use
                        if terminates(cons) and (alt is None or not terminates(alt)):
                            out.append((cond, False, s))
                        elif alt is not None and terminates(alt) and not terminates(cons):
                            out.append((cond, True, s))
        child = cur
        cur = cur.parent
    return out


def terminates(stmt: Node) -> bool:
    t = stmt.type
    if t in {"return_statement", "break_statement", "continue_statement", "goto_statement"}:
        return True
    if t == "compound_statement":
        body = [c for c in stmt.named_children if c.type != "comment"]
        return bool(body) and terminates(body[-1])
    if t == "expression_statement" and stmt.named_children:
        e = stmt.named_children[0]
        return e.type == "call_expression" and callee_of(e) in C_TERMINATORS
    if t == "if_statement":
        cons, alt = stmt.child_by_field_name("consequence"), stmt.child_by_field_name("alternative")
        return cons is not None and alt is not None and terminates(cons) and terminates(alt)
    if t == "else_clause":
        return bool(stmt.named_children) and terminates(stmt.named_children[-1])
    return False


def reassigned(cond: Node, stmts: list[Node], upto: Node) -> bool:
    names = idents(cond)
    for s in stmts:
        for n in walk(s):
            if n.start_byte >= upto.start_byte:
                break
            if n.type == "assignment_expression" and text(n.child_by_field_name("left")) in names:
                return True
            if n.type == "update_expression" and text(n.child_by_field_name("argument")) in names:
                return True
    return False


def subject(node: Node) -> str:
    """The variable a comparison is about (``(p = f())`` is about ``p``)."""
    n = strip_expr(node)
    if n.type == "assignment_expression" and text(n.child_by_field_name("operator")) == "=":
        left = n.child_by_field_name("left")
        return text(strip_expr(left)) if left is not None else text(n)
    return text(n)


def atoms(cond: Node, truth: bool) -> list[tuple[Node, bool]]:
    """Split a holding condition into facts that hold individually."""
    c = cond
    while c.type == "parenthesized_expression" and c.named_children:
        c = c.named_children[0]
    if c.type == "unary_expression" and text(c.child_by_field_name("operator")) == "!":
        arg = c.child_by_field_name("argument")
        return atoms(arg, not truth) if arg is not None else []
    if c.type == "binary_expression":
        op = text(c.child_by_field_name("operator"))
        left, right = c.child_by_field_name("left"), c.child_by_field_name("right")
        if left is not None and right is not None:
            if (op == "&&" and truth) or (op == "||" and not truth):
                return atoms(left, truth) + atoms(right, truth)
            if op in {"&&", "||"}:
                return []
    return [(c, truth)]


FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}


NEG = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "=="}


def comparisons(cond: Node, truth: bool) -> list[tuple[str, str, Node]]:
    """Facts as (variable text, operator, other side) with the variable on the left."""
    out: list[tuple[str, str, Node]] = []
    for a, t in atoms(cond, truth):
        if a.type != "binary_expression":
            if a.type in {"identifier", "field_expression"}:
                out.append((text(a), "!=" if t else "==", a))  # `p` means p != 0
            continue
        op = text(a.child_by_field_name("operator"))
        if op not in FLIP:
            continue
        if not t:
            op = NEG[op]
        left, right = a.child_by_field_name("left"), a.child_by_field_name("right")
        if left is None or right is None:
            continue
        out.append((subject(left), op, right))
        out.append((subject(right), FLIP[op], left))
    return out


def dead_branch(ctx: Ctx, node: Node) -> Note | None:
    """A dominating condition that folds to the opposite constant: ``node`` never runs."""
    func = enclosing_function(node)
    for cond, truth, where in holding_conditions(node):
        value = const_int(ctx, cond, func)
        if value is not None and bool(value) != truth:
            return ctx.note(
                where, f"dead branch: `{text(cond)}` is always {'true' if value else 'false'}", "dead_branch"
            )
    return None


def split_live(ctx: Ctx, nodes: list[Node]) -> tuple[list[Node], list[Note]]:
    live: list[Node] = []
    dead: list[Note] = []
    for n in nodes:
        d = dead_branch(ctx, n)
        if d is None:
            live.append(n)
        else:
            dead.append(d)
    return live, dead


def all_dead(ctx: Ctx, nodes: list[Node], dead: list[Note]) -> Outcome:
    sink = ctx.note(nodes[0], "reported code", "sink")
    return Outcome(
        "FALSE_POSITIVE", 0.85, "dead code", f"The reported code never runs: {dead[0].why}.", [sink, *dead]
    )


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
    return v


def _largest(ctx: Ctx, e: Node, func: Node, depth: int) -> int | None:
    """The largest value of ``len``, ``len + K``, ``len - K``, ``K * len`` when ``len = strlen(buf)``
    (a string inside its own array is shorter than the array)."""
    from .c_roomleft import string_length_bound

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


def upper_bound_of(ctx: Ctx, names: set[str], at: Node, func: Node | None) -> tuple[int, Node] | None:
    """The largest value any expression in ``names`` (squashed text) can have at ``at``: from
    dominating checks (``if (n < K)``, ``if (strlen(s) >= K) return;``) or a clamp just before
    (``if (n > K) n = K;``) that nothing undoes."""
    best: tuple[int, Node] | None = None
    for cond, truth, where in holding_conditions(at):
        for var, op, other in comparisons(cond, truth):
            if squash(var) not in names or op not in {"<", "<="}:
                continue
            v = bound_value(ctx, other, func)
            if v is None:
                continue
            bound = v - 1 if op == "<" else v
            if best is None or bound < best[0]:
                best = (bound, where)
    clamp = clamp_bound(ctx, names, at, func)
    if clamp is not None and (best is None or clamp[0] < best[0]):
        best = clamp
    return best


def clamp_bound(ctx: Ctx, names: set[str], at: Node, func: Node | None) -> tuple[int, Node] | None:
    """``if (n > K) n = K;`` (or ``>=`` with ``K - 1``) earlier in a block enclosing ``at``, with
    ``n`` not written again before ``at``."""
    child, cur = at, at.parent
    while cur is not None and cur.type != "function_definition":
        if cur.type == "compound_statement":
            stmts = [c for c in cur.named_children if c.type != "comment"]
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


def nonnegative(ctx: Ctx, name: str, at: Node, func: Node | None) -> bool:
    for cond, truth, _where in holding_conditions(at):
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
    if e.type != "identifier":
        return False
    declared = declared_type(text(e), func, ctx.parsed.tree.root_node)
    if declared is not None and UNSIGNED.search(declared):
        return True
    return nonnegative(ctx, text(e), at, func)
