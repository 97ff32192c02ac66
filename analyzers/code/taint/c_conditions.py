"""Facts that hold on every path to a node: the conditions that dominate it, and dead branches
(conditions that fold to the opposite constant)."""

from __future__ import annotations

from tree_sitter import Node

from .c_context import Ctx
from .c_spec import (
    BYTE_FUNCS,
    C_TERMINATORS,
    COMMAND_FUNCS,
    COPY_FUNCS,
    FORMAT_FUNCS,
    NULL_SPELLINGS,
    READ_ONLY_ARGS,
    SCAN_FUNCS,
)
from .c_tree import (
    callee_of,
    declared_name,
    enclosing_function,
    idents,
    inside,
    line_of,
    param_names,
    plain_definitions,
    squash,
    strip_expr,
    stripped_text,
    text,
    walk,
)
from .c_values import const_int
from .c_words import dead_where
from .outcome import Outcome
from .values import Note


def holding_conditions(
    node: Node, *, as_tested: bool = False, only: frozenset[str] | None = None
) -> list[tuple[Node, bool, Node]]:
    """Conditions known to hold (cond, truth, where) whenever ``node`` runs. ``as_tested``: the
    outcome each had when it was tested, even if its variables changed since (that a call in it
    returned non-NULL stays true). ``only``: just these variables of a condition must not have
    changed since it was tested (``i`` of ``i < t->n``, where a bound of ``t->n`` holds whatever it
    became)."""
    out: list[tuple[Node, bool, Node]] = []

    def kept(cond: Node) -> set[str] | None:
        return None if only is None else idents(cond) & only

    def changed(cond: Node, stmts: list[Node], upto: Node) -> bool:
        return not as_tested and reassigned(cond, stmts, upto, names=kept(cond))

    def loop_changed(cond: Node, stmt: Node, node: Node) -> bool:
        return not as_tested and loop_reassigned(cond, stmt, node, names=kept(cond))

    def parts_holding(cond: Node, truth: bool, where: Node, stmts: list[Node], loop: Node | None) -> None:
        """``cond`` with ``truth`` when none of its variables change before ``node``; else each part
        of it that still says something alone (a conjunct of a true ``&&``, a disjunct of a false
        ``||``) whose variables do not change: ``while ((p = strchr(p, d)) && n < 256) { *p++ = 0;
        a[n++] = p; }`` keeps ``n < 256``."""
        for part in _parts(cond, truth):  # the whole first: its parts only when it changed
            if not changed(part, stmts, node) and (loop is None or not loop_changed(part, loop, node)):
                out.append((part, truth, where))
                if part is cond:
                    return

    child = node
    cur = node.parent
    while cur is not None and cur.type != "function_definition":
        t = cur.type
        if t == "if_statement":
            cond = cur.child_by_field_name("condition")
            cons = cur.child_by_field_name("consequence")
            alt = cur.child_by_field_name("alternative")
            if cond is not None and cons is not None and inside(child, cons):
                # `if (p) { p = f(); *p ...`: p changed since; or a loop in the branch changes it later
                parts_holding(cond, True, cur, [cons], cons)
            elif cond is not None and alt is not None and inside(child, alt):
                parts_holding(cond, False, cur, [alt], alt)
        elif t in {"while_statement", "for_statement"}:
            cond = cur.child_by_field_name("condition")
            body = cur.child_by_field_name("body")
            if cond is not None and body is not None and inside(child, body):
                parts_holding(cond, True, cur, [body], None)
        elif t == "binary_expression":
            op = text(cur.child_by_field_name("operator"))
            left, right = cur.child_by_field_name("left"), cur.child_by_field_name("right")
            if (
                left is not None
                and right is not None
                and inside(child, right)
                and not changed(left, [right], node)
            ):
                if op == "&&":
                    out.append((left, True, cur))
                elif op == "||":
                    out.append((left, False, cur))
        elif t == "conditional_expression":
            cond = cur.child_by_field_name("condition")
            cons = cur.child_by_field_name("consequence")
            alt = cur.child_by_field_name("alternative")
            if cond is not None and cons is not None and inside(child, cons):
                if not changed(cond, [cons], node):
                    out.append((cond, True, cur))
            elif (
                cond is not None and alt is not None and inside(child, alt) and not changed(cond, [alt], node)
            ):
                out.append((cond, False, cur))
        elif t in {"compound_statement", "case_statement"}:
            value = cur.child_by_field_name("value") if t == "case_statement" else None
            stmts = [c for c in cur.named_children if c.type != "comment" and c != value]
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
                        if terminates(cons) and (alt is None or not terminates(alt)):
                            truth = False
                        elif alt is not None and terminates(alt) and not terminates(cons):
                            truth = True
                        else:
                            continue
                        for part in _parts(cond, truth):  # the checked variables may change before the use
                            if not changed(part, stmts[i + 1 : idx + 1], node) and not loop_changed(
                                part, stmts[idx], node
                            ):
                                out.append((part, truth, s))
                                if part is cond:
                                    break
        child = cur
        cur = cur.parent
    return out


def _parts(cond: Node, truth: bool) -> list[Node]:
    """``cond`` itself first, then, if it is an ``&&`` chain said true (or an ``||`` chain said
    false), each of its operands that is no such chain itself, each holding alone."""
    out = [cond]
    joiner = "&&" if truth else "||"
    stack = [cond]
    while stack:
        e = stack.pop()
        while e.type == "parenthesized_expression" and e.named_children:
            e = e.named_children[0]
        if e.type == "binary_expression" and text(e.child_by_field_name("operator")) == joiner:
            stack.extend(
                x for x in (e.child_by_field_name("right"), e.child_by_field_name("left")) if x is not None
            )
        elif e is not cond and e not in out:
            out.append(e)
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


def reassigned(cond: Node, stmts: list[Node], upto: Node, *, names: set[str] | None = None) -> bool:
    """A variable of ``cond`` (or of ``names``) is assigned, moved or has its address taken in
    ``stmts`` before ``upto``; or, for a variable other code can write (a global, a local whose
    address was taken), a call or a store through a pointer there may change it."""
    names = idents(cond) if names is None else names
    exposed = _exposed(cond, names)
    for s in stmts:
        for n in walk(s):
            if n.start_byte >= upto.start_byte:
                break
            if exposed and n.end_byte <= upto.start_byte and _may_write_elsewhere(n):
                return True  # (a call around `upto`, whose argument it is, runs after it)
            if (
                n.type == "assignment_expression"
                and text(n.child_by_field_name("left")) in names
                and not inside(upto, n)  # `p = f(p + 7)`: stores after its right side ran
                and not off_path(n, upto, s)
            ):
                return True
            if (
                n.type == "update_expression"
                and text(n.child_by_field_name("argument")) in names
                and not off_path(n, upto, s)
            ):
                return True
            if (
                n.type == "pointer_expression"
                and text(n.child_by_field_name("operator")) == "&"
                and text(strip_expr(n.child_by_field_name("argument") or n)) in names
                and not off_path(n, upto, s)
            ):
                return True  # handed by address: the callee may change it
    return False


_JUMPS = {"return_statement", "continue_statement", "break_statement"}


def off_path(n: Node, upto: Node, root: Node) -> bool:
    """No path from ``n`` reaches ``upto`` without leaving ``root`` first (and so passing the test
    that guards ``root`` again): ``n`` lies in the other arm of an if-statement than ``upto``, or in
    a block that ends by returning, or by a ``continue``/``break`` of a loop outside ``root`` — with
    no loop (nor switch, for ``break``) between that statement and ``root`` that could bring
    control back, and no ``goto`` in ``root``."""
    if not inside(n, root) or not inside(upto, root) or any(x.type == "goto_statement" for x in walk(root)):
        return False
    cur = n
    while cur.parent is not None and cur != root:
        parent = cur.parent
        if _loops_between(parent, root, switch=False):
            return False
        if parent.type == "if_statement" and not inside(upto, cur) and inside(upto, parent):
            arms = {parent.child_by_field_name("consequence"), parent.child_by_field_name("alternative")}
            if cur in arms and any(a is not None and inside(upto, a) for a in arms - {cur}):
                return True  # `if (a) { s++; } else if (*s) { ... upto }`
        last = parent.named_children[-1] if parent.named_children else None
        if (
            parent.type == "compound_statement"
            and not inside(upto, parent)
            and last is not None
            and last.type in _JUMPS
            and last.start_byte >= n.end_byte
            and (last.type == "return_statement" or not _loops_between(parent, root, switch=True))
        ):
            return True  # `{ s++; continue; }`: back to the test of the loop
        cur = parent
    return False


def _loops_between(node: Node, root: Node, *, switch: bool) -> bool:
    """A loop (or a switch, with ``switch``) encloses ``node`` inside ``root``."""
    kinds = LOOPS | ({"switch_statement"} if switch else set())
    cur: Node | None = node
    while cur is not None and cur != root:
        if cur.type in kinds:
            return True
        cur = cur.parent
    return False


def loop_reassigned(cond: Node, stmt: Node, node: Node, *, names: set[str] | None = None) -> bool:
    """A loop inside ``stmt`` that holds ``node`` assigns a variable of ``cond`` (or of ``names``)
    anywhere in it (after ``node`` too: the next iteration runs ``node`` again with the new value)."""
    names = idents(cond) if names is None else names
    exposed = _exposed(cond, names)
    cur = node.parent
    while cur is not None and inside(cur, stmt):
        if cur.type in {"while_statement", "for_statement", "do_statement"}:
            for n in walk(cur):
                if exposed and _may_write_elsewhere(n):
                    return True
                if n.type == "assignment_expression" and text(n.child_by_field_name("left")) in names:
                    return True
                if n.type == "update_expression" and text(n.child_by_field_name("argument")) in names:
                    return True
        if cur == stmt:
            break
        cur = cur.parent
    return False


def _exposed(cond: Node, names: set[str]) -> bool:
    """A variable of ``cond`` may be written by other code than assignments naming it: it is not a
    local of the function (a global, unless ``const`` or a ``static`` nothing writes), or its address
    is taken somewhere in the function (a pointer to it may be written through, or kept by a callee)."""
    from .c_values import declared_type

    func = enclosing_function(cond)
    if func is None:
        return bool(names)
    root = func
    while root.parent is not None:
        root = root.parent
    body = func.child_by_field_name("body")
    params = set(param_names(func))
    for name in names:
        if name in params or (body is not None and _declares_local(body, name)):
            if any(
                n.type == "pointer_expression"
                and text(n.child_by_field_name("operator")) == "&"
                and text(strip_expr(n.child_by_field_name("argument") or n)) == name
                for n in walk(func)
            ):
                return True
            continue
        if declared_type(name, func, root) is None:
            continue  # not a variable (a macro, an enumerator, a function)
        if not _constant_global(root, name):
            return True
    return False


def _declares_local(body: Node, name: str) -> bool:
    return any(
        n.type == "declaration"
        and any(declared_name(d) == name for d in n.children_by_field_name("declarator"))
        for n in walk(body)
    )


def _constant_global(root: Node, name: str) -> bool:
    """A file-level ``const`` variable, or a ``static`` one the file never writes."""
    from .c_values import private_unwritten

    for n in root.named_children:
        if n.type != "declaration" or not any(
            declared_name(d) == name for d in n.children_by_field_name("declarator")
        ):
            continue
        if any(c.type == "type_qualifier" and text(c) == "const" for c in n.children):
            return True
        return private_unwritten(n, root, name)
    return False


def _may_write_elsewhere(n: Node) -> bool:
    """``n`` may write a variable it does not name: a call of a function other than a known library
    one, or a store through a pointer."""
    if n.type == "call_expression":
        return callee_of(n) not in _LIBRARY
    if n.type in {"assignment_expression", "update_expression"}:
        target = n.child_by_field_name("left") or n.child_by_field_name("argument")
        lhs = strip_expr(target) if target is not None else None
        return lhs is not None and lhs.type in {
            "pointer_expression",
            "subscript_expression",
            "field_expression",
        }
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


def dead_condition(ctx: Ctx, node: Node) -> tuple[Node, int, Node] | None:
    """A dominating condition that folds to the opposite constant (condition, its value, the
    statement it belongs to): ``node`` never runs."""
    func = enclosing_function(node)
    for cond, truth, where in holding_conditions(node):
        value = const_int(ctx, cond, func)
        if value is not None and bool(value) != truth:
            return cond, value, where
    return None


def dead_branch(ctx: Ctx, node: Node) -> Note | None:
    """A dominating condition that folds to the opposite constant: ``node`` never runs."""
    found = dead_condition(ctx, node)
    if found is None:
        return None
    cond, value, where = found
    return ctx.note(
        where, f"dead branch: `{text(cond)}` is always {'true' if value else 'false'}", "dead_branch"
    )


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
    found = dead_condition(ctx, nodes[0])
    where = (
        dead_where(ctx, nodes[0], found[0], found[2], enclosing_function(nodes[0]))
        if found is not None
        else None
    )
    said = (
        f"The reported code at line {line_of(nodes[0])} never runs: {where}."
        if where
        else (f"The reported code never runs: {dead[0].why}.")
    )
    return Outcome("FALSE_POSITIVE", 0.85, "dead code", said, [sink, *dead])


LOOPS = {"for_statement", "while_statement", "do_statement"}
# standard functions that write no variable they are not handed the address of
_LIBRARY = (
    frozenset(COPY_FUNCS) | frozenset(FORMAT_FUNCS) | frozenset(SCAN_FUNCS) | frozenset(COMMAND_FUNCS)
    | BYTE_FUNCS | READ_ONLY_ARGS | C_TERMINATORS
    | {"malloc", "calloc", "realloc", "free", "alloca", "strlen", "wcslen", "atoi", "atol", "strtol", "abs"}
)  # fmt: skip
_BRANCHES = {"if_statement", "switch_statement", "conditional_expression", "case_statement"}


def runs_once(ctx: Ctx, loop: Node) -> bool:
    """``for (i = A; i < B; i++)`` (or ``<=``) with constants, ``B - A <= 1`` rounds, and a body
    that never assigns ``i``: the loop's body runs at most once."""
    if loop.type != "for_statement":
        return False
    init, cond, update = (loop.child_by_field_name(f) for f in ("initializer", "condition", "update"))
    body = loop.child_by_field_name("body")
    if init is None or cond is None or update is None or body is None:
        return False
    init_e = strip_expr(init)
    if init_e.type == "assignment_expression":
        var, start = init_e.child_by_field_name("left"), init_e.child_by_field_name("right")
    elif init_e.type == "declaration":
        decl = next((c for c in init_e.named_children if c.type == "init_declarator"), None)
        var = decl.child_by_field_name("declarator") if decl is not None else None
        start = decl.child_by_field_name("value") if decl is not None else None
    else:
        return False
    if var is None or start is None:
        return False
    name = text(strip_expr(var))
    c = strip_expr(cond)
    if c.type != "binary_expression" or text(strip_expr(c.child_by_field_name("left") or c)) != name:
        return False
    op = text(c.child_by_field_name("operator"))
    func = enclosing_function(loop)
    a, b = const_int(ctx, start, func), const_int(ctx, c.child_by_field_name("right"), func)
    if a is None or b is None or op not in {"<", "<="} or (b + (op == "<=")) - a > 1:
        return False
    if squash(text(update)) not in {f"{name}++", f"++{name}", f"{name}+=1", f"{name}={name}+1"}:
        return False
    return not any(
        (n.type == "assignment_expression" and text(strip_expr(n.child_by_field_name("left") or n)) == name)
        or (
            n.type == "update_expression" and text(strip_expr(n.child_by_field_name("argument") or n)) == name
        )
        or (
            n.type == "pointer_expression"
            and text(n.child_by_field_name("operator")) == "&"
            and text(strip_expr(n.child_by_field_name("argument") or n)) == name
        )
        for n in walk(body)
    )


def runs_before(ctx: Ctx, node: Node, at: Node, *, each_round: bool = False) -> bool:
    """``node`` runs on every path to ``at``: no branch separates them, except the branch a constant
    condition always takes; no loop encloses both (with ``each_round``, a loop may: each round that
    reaches ``at`` ran ``node`` first)."""
    if node.end_byte > at.start_byte:
        return False
    ancestors = set()
    cur: Node | None = at
    while cur is not None:
        ancestors.add(cur.id)
        cur = cur.parent
    child, cur = node, node.parent
    while cur is not None and cur.id not in ancestors:
        if cur.type in LOOPS:
            return False
        if cur.type == "binary_expression" and text(cur.child_by_field_name("operator")) in {"&&", "||"}:
            return False
        if cur.type in _BRANCHES:
            cond = cur.child_by_field_name("condition")
            then, other = cur.child_by_field_name("consequence"), cur.child_by_field_name("alternative")
            value = const_int(ctx, cond, enclosing_function(cur)) if cond is not None else None
            always = value is not None and (
                (then is not None and then.id == child.id and value != 0)
                or (other is not None and other.id == child.id and value == 0)
            )
            if cur.type != "if_statement" or not always:
                return False
        child, cur = cur, cur.parent
    while cur is not None and cur.type != "function_definition" and not each_round:
        if cur.type in LOOPS:
            return False
        cur = cur.parent
    return True


def succeeded_before(call: Node, at: Node) -> bool:
    """``at`` runs only after ``call`` returned a non-null value: the call is a fact of a condition
    holding at ``at`` (``while (fgets(..))``, ``if (fgets(..) != NULL) {..}``, ``if (!fgets(..))
    return;`` before it)."""
    for cond, truth, _w in holding_conditions(at, as_tested=True):
        for atom, t in atoms(cond, truth):
            if _nonnull_call(atom, t, call):
                return True
    return False


def _nonnull_call(atom: Node, truth: bool, call: Node) -> bool:
    a = strip_expr(atom)
    if a.id == call.id:
        return truth
    if a.type != "binary_expression":
        return False
    op = text(a.child_by_field_name("operator"))
    left, right = a.child_by_field_name("left"), a.child_by_field_name("right")
    if op not in {"==", "!="} or left is None or right is None:
        return False
    for x, y in ((left, right), (right, left)):
        if strip_expr(x).id == call.id and squash(text(y)) in NULL_SPELLINGS:
            return truth == (op == "!=")
    return False


def counted_before(call: Node, at: Node, count: int) -> bool:
    """``at`` runs only after ``call`` (a scanf-like call) returned at least ``count``: a condition
    holding at ``at`` says so (``if (sscanf(..) != 2) return;``, ``while (scanf(..) == 1)``)."""
    for cond, truth, _w in holding_conditions(at, as_tested=True):
        for atom, t in atoms(cond, truth):
            a = strip_expr(atom)
            if a.type != "binary_expression":
                continue
            op = text(a.child_by_field_name("operator"))
            left, right = a.child_by_field_name("left"), a.child_by_field_name("right")
            if left is None or right is None or op not in FLIP:
                continue
            for x, y, o in ((left, right, op), (right, left, FLIP[op])):
                k = text(strip_expr(y))
                if strip_expr(x).id != call.id or not k.isdigit():
                    continue
                held = o if t else NEG[o]  # the call's result `held` k
                n = int(k)
                least = {"==": n, ">=": n, ">": n + 1}.get(held)
                if least is not None and least >= count:
                    return True
    return False


def reaching_value(ctx: Ctx, name: str, at: Node, func: Node, *, in_conditions: bool = False) -> Node | None:
    """The value of the one definition of ``name`` that reaches ``at``: the last before it, which
    runs before it in every round of the loops around both, with no other definition in a loop
    around ``at`` that does not hold that one (``n`` set again later in the round is set anew by it
    before ``at`` comes round again). With ``in_conditions``, a definition in an ``if``'s condition
    counts as running where the ``if`` does (``if ((p = malloc(n)) == NULL) return;``): the
    condition always runs."""
    defs = plain_definitions(func, name)
    if not defs:
        return None
    before = [(d, v) for d, v in defs if d.end_byte <= at.start_byte]
    if not before:
        return None
    last, value = before[-1]
    holder = if_of_condition(last) if in_conditions else None
    if not runs_before(ctx, holder or last, at, each_round=True):
        return None
    cur = at.parent
    while cur is not None and cur != func:
        if (
            cur.type in LOOPS
            and not (cur.start_byte <= last.start_byte < cur.end_byte)
            and any(cur.start_byte <= d.start_byte < cur.end_byte for d, _v in defs)
        ):
            return None
        cur = cur.parent
    return value


def said_not_null(name: str, at: Node) -> bool:
    """A condition holding at ``at`` says the pointer ``name`` is not NULL (``if (!q) return``,
    ``q ? q - s : 0``)."""
    return any(_says_set(cond, truth, name) for cond, truth, _w in holding_conditions(at))


def _says_set(cond: Node, truth: bool, name: str) -> bool:
    for atom, t in atoms(cond, truth):
        a = strip_expr(atom)
        if a.type == "identifier" and text(a) == name and t:
            return True
        if a.type == "binary_expression":
            op = text(a.child_by_field_name("operator"))
            sides = {
                stripped_text(a.child_by_field_name("left")),
                stripped_text(a.child_by_field_name("right")),
            }
            if (
                name in sides
                and sides - {name} <= {"NULL", "0"}
                and ((op == "!=" and t) or (op == "==" and not t))
            ):
                return True
        if a.type == "unary_expression" and text(a.child_by_field_name("operator")) == "!":
            inner = a.child_by_field_name("argument")
            if inner is not None and stripped_text(inner) == name and not t:
                return True
    return False


def if_of_condition(node: Node) -> Node | None:
    """The ``if`` statement whose condition ``node`` is part of, on a path that always runs when the
    condition does (not under ``&&``, ``||`` or ``?:``); None otherwise."""
    child, cur = node, node.parent
    while cur is not None:
        if cur.type == "binary_expression" and text(cur.child_by_field_name("operator")) in {"&&", "||"}:
            return None
        if cur.type == "conditional_expression":
            return None
        if cur.type == "if_statement":
            cond = cur.child_by_field_name("condition")
            return cur if cond is not None and cond.id == child.id else None
        if cur.type not in {
            "parenthesized_expression",
            "binary_expression",
            "assignment_expression",
            "cast_expression",
            "unary_expression",
            "condition_clause",
        }:
            return None
        child, cur = cur, cur.parent
    return None


def dominating_store(ctx: Ctx, name: str, at: Node, func: Node) -> Node | None:
    """``name = value`` (an assignment making a whole statement), the last store into ``name`` (a
    variable or a member, by its text) before ``at``, when it runs on every path to ``at``; None
    otherwise (no store, a compound store, or one that a branch may skip)."""
    stores = [
        n
        for n in walk(func)
        if n.type == "assignment_expression"
        and squash(stripped_text(n.child_by_field_name("left"))) == name
        and n.end_byte <= at.start_byte
    ]
    if not stores or text(stores[-1].child_by_field_name("operator")) != "=":
        return None
    store = stores[-1]
    if store.parent is None or store.parent.type != "expression_statement":
        return None
    return store if runs_before(ctx, store.parent, at) else None
