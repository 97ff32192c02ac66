"""Claims about control flow (code quality, not weaknesses): cppcheck's
``knownConditionTrueFalse`` ("condition is always true/false") and ``duplicateBreak`` (a jump
right after a jump), gcc's ``-Wimplicit-fallthrough`` ("this statement may fall through").

- always true/false: confirmed when the condition folds to that constant, when a check that holds
  wherever it runs implies it (``if (!p) return; ... if (p && ...)``, with nothing assigning the
  variable in between), or when it tests the result of a workspace function every ``return`` of
  which gives the same constant; otherwise open;
- a jump after a jump: confirmed when the statement before it in its block already leaves;
- fall through: confirmed when the reported statement ends its ``case`` and can complete (it does
  not end in ``break``/``return``/``goto``/``continue`` or a call that never returns), so control
  runs into the next label; refuted when it ends in a call that never returns or a macro whose
  text leaves (``break``, ``return``, ``goto``).
"""

from __future__ import annotations

import re

from tree_sitter import Node

from .c_conditions import comparisons, holding_conditions, terminates
from .c_context import Ctx
from .c_mentions import function_macro
from .c_provenance import definition_of
from .c_spec import C_TERMINATORS, NO_RETURN
from .c_tree import (
    callee_of,
    enclosing_function,
    func_name,
    line_of,
    on_lines,
    squash,
    strip_expr,
    text,
    walk,
)
from .c_values import const_int
from .outcome import Outcome

_CONDITION = re.compile(r"Condition '(.+)' is always (true|false)")
_JUMPS = frozenset({"break_statement", "continue_statement", "return_statement", "goto_statement"})


def judge_known_condition(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
    m = _CONDITION.search(ctx.finding.message)
    if m is None:
        return _open("The claim names no condition.")
    wanted, claimed = squash(m.group(1)).replace(" ", ""), m.group(2) == "true"
    nodes = [n for n in _expressions_on(root, lo, hi) if squash(text(n)).replace(" ", "") == wanted]
    if not nodes:
        return _open(f"The condition `{m.group(1)}` was not found at line {lo}.")
    node = nodes[0]
    func = enclosing_function(node)
    value = const_int(ctx, node, func)
    if value is not None:
        if bool(value) == claimed:
            return _confirmed(ctx, node, f"`{text(node)}` folds to the constant {value}")
        return Outcome(
            "FALSE_POSITIVE",
            0.75,
            "condition takes the other value",
            f"`{text(node)}` folds to the constant {value}, which is {'true' if value else 'false'}.",
            [ctx.note(node, f"`{text(node)}` is the constant {value}", "constant")],
        )
    implied = _implied(ctx, node, claimed, func)
    if implied is not None:
        return _confirmed(ctx, node, implied)
    returned = _constant_result(ctx, node, claimed)
    if returned is not None:
        return _confirmed(ctx, node, returned)
    macro = _unsettled_macro(ctx, node)
    if macro is not None:
        return _open(
            f"Whether `{text(node)}` can take both values is not decided here: {macro}, so its value "
            "in a build is not known."
        )
    return _open(f"Whether `{text(node)}` can take both values is not decided here.")


def _unsettled_macro(ctx: Ctx, node: Node) -> str | None:
    """A macro the condition, or the function it calls returns, depends on whose value a build may
    change (defined more than one way, or only as a ``#ifndef`` fallback): which and where."""
    n = strip_expr(node)
    while n.type == "unary_expression" and text(n.child_by_field_name("operator")) == "!":
        arg = n.child_by_field_name("argument")
        if arg is None:
            return None
        n = strip_expr(arg)
    places: list[tuple[Ctx, Node, str]] = [(ctx, n, "the condition")]
    if n.type == "call_expression":
        found = definition_of(ctx, n)
        if found is not None:
            octx, fdef = found
            for r in walk(fdef):
                if r.type == "return_statement" and r.named_children:
                    places.append((octx, r.named_children[0], f"{func_name(fdef)}() returns it"))
    for c, expr, where in places:
        for ident in [expr, *walk(expr)]:
            # (tree-sitter reads `TRUE` / `FALSE` as boolean literals: macros all the same)
            named = ident.type in {"identifier", "true", "false"} and text(ident).isidentifier()
            if named and c.macro(text(ident)) is not None and c.ambiguous(text(ident)):
                return f"`{text(ident)}` ({where}) is defined only as a fallback or more than one way"
    return None


def judge_duplicate_break(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
    jumps = [j for j in on_lines(root, lo, hi, set(_JUMPS)) if line_of(j) == lo]
    for j in jumps:
        parent = j.parent
        if parent is None:
            continue
        stmts = [c for c in parent.named_children if c.type != "comment"]
        i = next((k for k, s in enumerate(stmts) if s == j), None)
        if i is None or i == 0:
            continue
        before = stmts[i - 1]
        if terminates(before) or _never_returns(ctx, before):
            return _confirmed(
                ctx,
                j,
                f"line {line_of(j)} can never run: the statement before it (line {line_of(before)}, "
                f"`{_short(before)}`) already leaves",
            )
    return _open(f"No jump at line {lo} follows another jump in its block.")


def judge_fallthrough(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
    stmts = [
        s
        for s in on_lines(root, lo, hi, {"expression_statement", "if_statement", "compound_statement",
                                         "switch_statement", "for_statement", "while_statement",
                                         "do_statement"})
        if line_of(s) == lo
    ]  # fmt: skip
    if not stmts:
        return _open(f"No statement starts at line {lo}.")
    stmt = stmts[0]
    case, nxt = _case_and_next(stmt)
    if case is None:
        return _open(f"The statement at line {lo} is not inside a `case` of a switch.")
    last = _last_leaf(stmt)
    leaving = _leaves(ctx, last)
    if leaving is not None:
        return Outcome(
            "FALSE_POSITIVE",
            0.75,
            "does not fall through",
            f"Line {line_of(last)} does not fall through: {leaving}.",
            [ctx.note(last, leaving, "safe_variant")],
        )
    if nxt is None:
        return _open(f"No `case` label follows the statement at line {lo}.")
    if not _ends_case(stmt, case):
        return _open(f"The statement at line {lo} is not the last of its `case`.")
    if terminates(stmt):
        return _open(f"Every path through the statement at line {lo} seems to leave its case.")
    label = text(nxt).split(":")[0].strip()
    return _confirmed(
        ctx,
        stmt,
        f"the statement at line {lo} ends its case and can complete (a path through it neither breaks "
        f"nor returns), so control runs into `{label}:` at line {line_of(nxt)}; unless that is meant, a "
        "missing break is CWE-484",
    )


def _expressions_on(root: Node, lo: int, hi: int) -> list[Node]:
    out: list[Node] = []
    for n in walk(root):
        if n.start_point[0] + 1 > hi or n.end_point[0] + 1 < lo:
            continue
        if lo <= line_of(n) <= hi and n.is_named and n.type not in {"expression_statement", "if_statement"}:
            out.append(n)
    return out


def _implied(ctx: Ctx, node: Node, claimed: bool, func: Node | None) -> str | None:
    """A holding check that implies ``node`` has the claimed truth value."""
    claim = _as_fact(ctx, node, claimed, func)
    if claim is None:
        return None
    var, op, k = claim
    for cond, truth, where in holding_conditions(node):
        for fvar, fop, other in comparisons(cond, truth):
            if fvar != var:
                continue
            fk = (
                0
                if other.type in {"identifier", "field_expression"} and text(other) == fvar
                else const_int(ctx, other, func)
            )
            if fk is None or not _subset(fop, fk, op, k) or _assigned_between(var, where, node, func):
                continue
            return (
                f"the check `{text(cond)}` at line {line_of(where)} holds wherever line {line_of(node)} "
                "runs, "
                f"and `{var}` is not assigned in between, so `{text(node)}` is always "
                f"{'true' if claimed else 'false'}"
            )
    return None


def _as_fact(ctx: Ctx, node: Node, truth: bool, func: Node | None) -> tuple[str, str, int] | None:
    n = node
    while n.type == "parenthesized_expression" and n.named_children:
        n = n.named_children[0]
    if n.type == "unary_expression" and text(n.child_by_field_name("operator")) == "!":
        arg = n.child_by_field_name("argument")
        return _as_fact(ctx, arg, not truth, func) if arg is not None else None
    if n.type in {"identifier", "field_expression"}:
        return text(n), "!=" if truth else "==", 0
    if n.type == "binary_expression":
        for var, op, other in comparisons(n, truth):
            k = const_int(ctx, other, func)
            if k is not None and re.fullmatch(r"[A-Za-z_][\w.>-]*", var):
                return var, op, k
    return None


def _subset(fop: str, fk: int, op: str, k: int) -> bool:
    """{v : v fop fk} is a subset of {v : v op k} (integers)."""
    if op == "!=":
        return not _holds(fop, k, fk) if fop != "!=" else fk == k
    if fop == "!=":
        return False
    lo_f, hi_f = _interval(fop, fk)
    lo_c, hi_c = _interval(op, k)
    return (lo_c is None or (lo_f is not None and lo_f >= lo_c)) and (
        hi_c is None or (hi_f is not None and hi_f <= hi_c)
    )


def _holds(op: str, v: int, k: int) -> bool:
    return {"<": v < k, "<=": v <= k, ">": v > k, ">=": v >= k, "==": v == k, "!=": v != k}[op]


def _interval(op: str, k: int) -> tuple[int | None, int | None]:
    return {"<": (None, k - 1), "<=": (None, k), ">": (k + 1, None), ">=": (k, None), "==": (k, k)}[op]


def _assigned_between(var: str, where: Node, node: Node, func: Node | None) -> bool:
    scope = func if func is not None else where
    for n in walk(scope):
        if not (where.start_byte <= n.start_byte < node.start_byte):
            continue
        if n.type == "assignment_expression" and text(strip_expr(n.child_by_field_name("left") or n)) == var:
            return True
        if n.type == "update_expression" and text(strip_expr(n.child_by_field_name("argument") or n)) == var:
            return True
        if (
            n.type == "pointer_expression"
            and text(n.child_by_field_name("operator")) == "&"
            and text(strip_expr(n.child_by_field_name("argument") or n)) == var
        ):
            return True
    return False


def _constant_result(ctx: Ctx, node: Node, claimed: bool) -> str | None:
    """``f(...)`` / ``!f(...)`` where every return of the workspace function ``f`` gives one constant."""
    n, truth = strip_expr(node), claimed
    while n.type == "unary_expression" and text(n.child_by_field_name("operator")) == "!":
        arg = n.child_by_field_name("argument")
        if arg is None:
            return None
        n, truth = strip_expr(arg), not truth
    if n.type != "call_expression":
        return None
    found = definition_of(ctx, n)
    if found is None:
        return None
    octx, fdef = found
    body = fdef.child_by_field_name("body")
    if body is None:
        return None
    values: list[tuple[int, Node]] = []
    for r in walk(body):
        if r.type != "return_statement":
            continue
        value = r.named_children[0] if r.named_children else None
        v = const_int(octx, value, fdef) if value is not None else None
        if v is None:
            return None
        values.append((v, r))
    stmts = [c for c in body.named_children if c.type != "comment"]
    if not values or not stmts or not (terminates(stmts[-1]) or _endless(stmts[-1], octx, fdef)):
        return None
    if any(bool(v) != truth for v, _ in values):
        return None
    where = ", ".join(str(line_of(r)) for _, r in values[:4])
    return (
        f"every return of {func_name(fdef)}() (line{'s' if len(values) > 1 else ''} {where} of {octx.path}) "
        f"gives {text(values[0][1].named_children[0])}, so `{text(node)}` is always "
        f"{'true' if claimed else 'false'}"
    )


def _endless(loop: Node, ctx: Ctx, func: Node) -> bool:
    """A loop with no exit but ``return`` (``for (;;)``, ``while (1)``): no ``break`` leaves it."""
    if loop.type == "for_statement":
        if loop.child_by_field_name("condition") is not None:
            return False
    elif loop.type in {"while_statement", "do_statement"}:
        cond = loop.child_by_field_name("condition")
        if cond is None or not const_int(ctx, cond, func):
            return False
    else:
        return False
    body = loop.child_by_field_name("body")
    return body is not None and not any(
        _leaves_loop(b, body) for b in walk(body) if b.type == "break_statement"
    )


def _leaves_loop(brk: Node, body: Node) -> bool:
    """A ``break`` inside ``body`` that leaves the loop (not an inner loop or switch)."""
    cur = brk.parent
    while cur is not None and cur != body:
        if cur.type in {"for_statement", "while_statement", "do_statement", "switch_statement"}:
            return False
        cur = cur.parent
    return True


def _case_and_next(stmt: Node) -> tuple[Node | None, Node | None]:
    cur: Node | None = stmt
    while cur is not None and cur.type != "case_statement":
        if cur.type in {"function_definition", "switch_statement"}:
            return None, None
        cur = cur.parent
    if cur is None:
        return None, None
    nxt = cur.next_named_sibling
    while nxt is not None and nxt.type == "comment":
        nxt = nxt.next_named_sibling
    return cur, nxt if nxt is not None and nxt.type == "case_statement" else None


def _ends_case(stmt: Node, case: Node) -> bool:
    """``stmt`` is the last statement of ``case`` (directly, or the last of a block that is)."""
    cur = stmt
    while cur != case:
        parent = cur.parent
        if parent is None:
            return False
        kids = [c for c in parent.named_children if c.type != "comment"]
        if parent.type in {"compound_statement", "case_statement"} and (not kids or kids[-1] != cur):
            return False
        if parent.type not in {"compound_statement", "case_statement"}:
            return False
        cur = parent
    return True


def _last_leaf(stmt: Node) -> Node:
    cur = stmt
    while cur.type == "compound_statement":
        kids = [c for c in cur.named_children if c.type != "comment"]
        if not kids:
            break
        cur = kids[-1]
    return cur


def _leaves(ctx: Ctx, stmt: Node) -> str | None:
    """Why ``stmt`` never completes: a call that never returns, a macro whose text leaves."""
    if stmt.type != "expression_statement" or not stmt.named_children:
        return None
    e = stmt.named_children[0]
    name = ctx.callee(e) if e.type == "call_expression" else (text(e) if e.type == "identifier" else "")
    if name in C_TERMINATORS or name in NO_RETURN:
        return f"{name}() never returns"
    macro = callee_of(e) if e.type == "call_expression" else name
    value = (ctx.macro(macro) or function_macro(ctx, macro)) if macro else None
    if value is not None and re.search(r"(?<![\w$])(break|return|goto|continue)(?![\w$])", value):
        return f"`{name}` is a macro whose text leaves (`{value[:60]}`)"
    return None


def _never_returns(ctx: Ctx, stmt: Node) -> bool:
    return _leaves(ctx, stmt) is not None


def _short(n: Node) -> str:
    s = " ".join(text(n).split())
    return s if len(s) <= 50 else s[:47] + "..."


def _confirmed(ctx: Ctx, node: Node, why: str) -> Outcome:
    return Outcome(
        "TRUE_POSITIVE",
        0.85,
        "code-quality claim confirmed",
        f"The warning is accurate: {why}. (A code-quality finding, not a security weakness.)",
        [ctx.note(node, why, "sink")],
    )


def _open(why: str) -> Outcome:
    return Outcome("NEEDS_REVIEW", 0.3, "control-flow claim not decided", why, [])
