"""Program arguments: ``argv[k]`` of ``main(int argc, char **argv)`` with ``k`` below ``argc`` is a
string the C runtime terminated (C11 5.1.2.2.1: ``argv[0]`` to ``argv[argc - 1]`` point to strings);
so is ``argv[k]`` in a function every visible call of which hands it main's ``argc`` and ``argv``.
A read of it up to its terminator stays inside it, as long as ``main`` never stores into ``argv`` or
its elements and the index is checked against ``argc`` on the way to the read (``if (argc < 3)
return``, ``for (i = 1; i < argc; i++)``)."""

from __future__ import annotations

from tree_sitter import Node

from .c_conditions import comparisons, holding_conditions
from .c_context import Ctx
from .c_tree import (
    call_args,
    enclosing_function,
    func_name,
    param_names,
    squash,
    strip_expr,
    stripped_text,
    text,
    walk,
)
from .c_values import const_int
from .values import Note

_BELOW = {"<": 0, "<=": -1}  # `k < argc` and `k <= argc - 1`: (the op, what to add to k)


def program_argument(ctx: Ctx, arg: Node, at: Node, func: Node | None) -> Note | None:
    """A note when ``arg`` is ``argv[k]`` (``k`` checked below ``argc``) in an unchanged ``argv``."""
    a = strip_expr(arg)
    if func is None or a.type != "subscript_expression":
        return None
    base, index = a.child_by_field_name("argument"), a.child_by_field_name("index")
    if base is None or index is None:
        return None
    pair = _main_pair(ctx, func, stripped_text(base))
    if pair is None:
        return None
    argc, argv = pair
    if argv_stored(func, argv) and (
        argv_stored(func, argv, steps=True) or not _in_lockstep(ctx, func, argv, argc)
    ):
        return None
    if not _below(ctx, index, argc, at, func):
        return None
    return ctx.note(
        at,
        f"`{text(arg)}` is a program argument below `{argc}`: the C runtime hands main() terminated strings",
        "guard",
    )


def _main_pair(ctx: Ctx, func: Node, argv: str) -> tuple[str, str] | None:
    """(argc, argv) as ``func`` names them, when ``argv`` is main's own, or a parameter every visible
    call of ``func`` hands main's unchanged ``argv`` together with main's ``argc`` (a parameter
    ``func`` never changes): ``parse_options(st, argc, argv)``."""
    params = param_names(func)
    if func_name(func) == "main":
        return (params[0], params[1]) if len(params) >= 2 and params[1] == argv else None
    if argv not in params:
        return None
    from .c_callers import keeps_value, visible_calls

    calls = visible_calls(ctx, func)
    if not calls:
        return None
    v = params.index(argv)
    count: str | None = None
    for call in calls:
        caller = enclosing_function(call)
        args = call_args(call)
        if caller is None or func_name(caller) != "main" or v >= len(args):
            return None
        outer = param_names(caller)
        if len(outer) < 2 or stripped_text(args[v]) != outer[1] or argv_stored(caller, outer[1]):
            return None
        given = [i for i, x in enumerate(args) if stripped_text(x) == outer[0] and i < len(params)]
        if len(given) != 1 or (count is not None and params[given[0]] != count):
            return None
        count = params[given[0]]
        if not keeps_value(caller, outer[0]):
            return None
    if count is None or not keeps_value(func, count):
        return None
    return count, argv


def argv_stored(func: Node, argv: str, *, steps: bool = False) -> bool:
    """``argv`` or one of its elements is assigned, moved or has its address taken in ``func``. With
    ``steps``, ``argv`` itself stepped forward (``argv++``, ``argv += 2``: it still points into the
    program's argument vector) does not count."""
    for n in walk(func):
        target: Node | None = None
        if steps and _steps_forward(n, argv):
            continue
        if n.type == "assignment_expression":
            target = n.child_by_field_name("left")
        elif n.type == "update_expression" or (
            n.type == "pointer_expression" and text(n.child_by_field_name("operator")) == "&"
        ):
            target = n.child_by_field_name("argument")
        if target is None:
            continue
        t = strip_expr(target)
        while t.type in {"subscript_expression", "pointer_expression"}:
            inner = t.child_by_field_name("argument")
            if inner is None:
                break
            t = strip_expr(inner)
        if t.type == "identifier" and text(t) == argv:
            return True
    return False


def _steps_forward(n: Node, argv: str) -> bool:
    """``argv++``, ``++argv`` or ``argv += k`` for a literal ``k`` at least 0."""
    if n.type == "update_expression":
        return (
            text(n.child_by_field_name("operator")) == "++"
            and stripped_text(n.child_by_field_name("argument")) == argv
        )
    if n.type == "assignment_expression" and text(n.child_by_field_name("operator")) == "+=":
        right = n.child_by_field_name("right")
        return (
            stripped_text(n.child_by_field_name("left")) == argv
            and right is not None
            and right.type == "number_literal"
            and text(right).isdigit()
        )
    return False


def _in_lockstep(ctx: Ctx, func: Node, argv: str, argc: str) -> bool:
    """Every step of ``argv`` forward (``argv++``, ``argv += k``) sits right beside a statement that
    steps ``argc`` back by as much (``argc--``, ``argc -= k``), and nothing else changes ``argc``: then
    ``argc`` still counts the arguments ``argv`` points to (``argv[0]`` to ``argv[argc - 1]``)."""
    argv_steps: list[tuple[Node, int]] = []
    argc_steps: list[tuple[Node, int]] = []
    for n in walk(func):
        target, amount = _step_of(ctx, n, func)
        if target == argv:
            argv_steps.append((n, amount))
        elif target == argc:
            argc_steps.append((n, amount))
        elif target is None and _changes_name(n, argc):
            return False
    if len(argv_steps) != len(argc_steps):
        return False
    for (v, a), (c, b) in zip(argv_steps, argc_steps, strict=True):
        sv, sc = _statement(v), _statement(c)
        if (
            a <= 0
            or a != -b
            or sv is None
            or sc is None
            or sc not in (sv.next_named_sibling, sv.prev_named_sibling)
        ):
            return False
    return True


def _step_of(ctx: Ctx, n: Node, func: Node) -> tuple[str | None, int]:
    """(the variable, by how much) for ``x++``, ``x--``, ``x += k``, ``x -= k`` with a constant ``k``."""
    if n.type == "update_expression":
        return stripped_text(n.child_by_field_name("argument")), 1 if text(
            n.child_by_field_name("operator")
        ) == "++" else -1
    if n.type == "assignment_expression" and text(n.child_by_field_name("operator")) in {"+=", "-="}:
        k = const_int(ctx, n.child_by_field_name("right"), func)
        if k is not None:
            sign = 1 if text(n.child_by_field_name("operator")) == "+=" else -1
            return stripped_text(n.child_by_field_name("left")), sign * k
    return None, 0


def _changes_name(n: Node, name: str) -> bool:
    if n.type == "assignment_expression":
        return stripped_text(n.child_by_field_name("left")) == name
    if n.type == "update_expression":
        return stripped_text(n.child_by_field_name("argument")) == name
    return (
        n.type == "pointer_expression"
        and text(n.child_by_field_name("operator")) == "&"
        and stripped_text(n.child_by_field_name("argument")) == name
    )


def _statement(n: Node) -> Node | None:
    """The expression statement ``n`` is the whole of."""
    p = n.parent
    return p if p is not None and p.type == "expression_statement" else None


def _below(ctx: Ctx, index: Node, argc: str, at: Node, func: Node) -> bool:
    """A condition holding at ``at`` keeps ``index`` below ``argc``: ``k < argc`` for a constant
    ``k`` (also ``argc > k``, ``argc >= k + 1``, ``argc == n`` with ``n > k``), or ``i < argc`` for
    the variable index ``i`` (``i + 1 < argc`` for ``argv[++i]``)."""
    k = const_int(ctx, index, func)
    want = squash(text(strip_expr(index)))
    i = strip_expr(index)
    stepped = i.child_by_field_name("argument") if i.type == "update_expression" else None
    if stepped is not None and i.start_byte < stepped.start_byte:
        step = text(i.child_by_field_name("operator"))
        want = squash(text(stepped)) + ("+1" if step == "++" else "-1")  # `argv[++i]` reads argv[i + 1]
    for cond, truth, _w in holding_conditions(at):
        for var, op, other in comparisons(cond, truth):
            if squash(var) == argc:
                n = const_int(ctx, other, func)
                if k is None or n is None:
                    continue
                if (op == ">" and n >= k) or (op == ">=" and n >= k + 1) or (op == "==" and n > k):
                    return True
            elif squash(var) == want and op in _BELOW:
                o = strip_expr(other)
                if squash(text(o)) == argc and op == "<":
                    return True
                if (
                    op == "<="
                    and o.type == "binary_expression"
                    and text(o.child_by_field_name("operator")) == "-"
                    and squash(text(o.child_by_field_name("left") or o)) == argc
                    and (const_int(ctx, o.child_by_field_name("right"), func) or 0) >= 1
                ):
                    return True
    return False
