"""An index below a string's measured length: ``len = strlen(s); if (len > 0 && s[len - 1] == '\\n')
s[--len] = '\\0';``. Whatever the size of the object ``s`` points into, ``s[0]`` to ``s[len]`` lie
inside the string ``strlen()`` measured (its terminator included), and so inside that object. The
measurement itself reads ``s`` up to a terminator and is judged on its own.

Sound only when ``len`` never grows past what ``strlen()`` returned and never wraps below zero:
every definition of ``len`` is ``strlen()`` of ``s`` (or of a name for it), ``s`` does not move
after it is measured,
and ``len`` otherwise only counts down by one under a check that it is positive (``while (len > 1 &&
...) s[--len] = 0;``). An index ``len - k`` needs a check ``len >= k`` holding where it is read."""

from __future__ import annotations

from tree_sitter import Node

from .c_conditions import comparisons, holding_conditions
from .c_context import Ctx
from .c_cursor import unmoved
from .c_lengths import LENGTHS
from .c_spec import STRING_SPANS
from .c_tree import (
    aliases_of,
    call_args,
    callee_of,
    declared_name,
    line_of,
    squash,
    strip_expr,
    stripped_text,
    text,
    walk,
)
from .c_values import const_int
from .values import Note

# `s[strcspn(s, "\r\n")]`: a length measured of the indexed string itself.
_SELF_MEASURES = STRING_SPANS | {"strlen"}


def measured_index(ctx: Ctx, idx: Node, arr: Node, func: Node) -> Note | None:
    """A note when ``arr[idx]`` lies inside the string a ``strlen()`` of ``arr`` measured."""
    base = stripped_text(arr)
    if strip_expr(arr).type != "identifier":
        return None
    i = strip_expr(idx)
    if (
        i.type == "call_expression"
        and callee_of(i) in _SELF_MEASURES
        and call_args(i)
        and stripped_text(call_args(i)[0]) == base
    ):
        return ctx.note(
            idx,
            f"`{text(idx)}` measures `{base}` itself: at most the place of its terminator, inside the "
            "string it measures",
            "guard",
        )
    k = const_int(ctx, i, func)
    if k is not None and k >= 0:
        checked = measured_above(ctx, base, k, idx, func)
        if checked is not None:
            return ctx.note(
                idx,
                f"`{base}[{k}]` lies inside the string a check at line {line_of(checked)} measured "
                f"longer than {k} characters (its object does not shrink)",
                "guard",
            )
        return None
    minus = 0
    if i.type == "update_expression":
        arg = i.child_by_field_name("argument")
        op = text(i.child_by_field_name("operator"))
        if arg is None or op != "--":
            return None
        minus = 1 if i.start_byte < arg.start_byte else 0  # `--len` reads len - 1, `len--` reads len
        i = strip_expr(arg)
    elif i.type == "binary_expression" and text(i.child_by_field_name("operator")) == "-":
        left, right = i.child_by_field_name("left"), i.child_by_field_name("right")
        k = const_int(ctx, right, func) if right is not None else None
        if left is None or k is None or k < 0:
            return None
        i, minus = strip_expr(left), k
    if i.type != "identifier":
        return None
    name = text(i)
    measure = _only_measured(ctx, func, name, aliases_of(func, base))
    if measure is None or not unmoved(func, base, measure, idx):
        return None  # the pointer moved since the string was measured
    if minus and not _at_least(ctx, name, minus, idx, func):
        return None
    return ctx.note(
        idx,
        f"`{text(idx)}` stays between 0 and `{name}`, the length strlen() measured of `{base}` at line "
        f"{line_of(measure)}: inside that string (its terminator included)",
        "guard",
    )


def _only_measured(ctx: Ctx, func: Node, name: str, pointers: set[str]) -> Node | None:
    """The first measurement when ``name`` is only ever set to a string length of one of ``pointers``
    and otherwise only counted down by one where it is checked positive; None otherwise."""
    first: Node | None = None
    for n in walk(func):
        value: Node | None = None
        if n.type == "init_declarator" and declared_name(n.child_by_field_name("declarator")) == name:
            value = n.child_by_field_name("value")
            if value is None:
                continue
        elif n.type == "assignment_expression" and stripped_text(n.child_by_field_name("left")) == name:
            if text(n.child_by_field_name("operator")) != "=":
                return None
            value = n.child_by_field_name("right")
        elif n.type == "update_expression" and stripped_text(n.child_by_field_name("argument")) == name:
            if text(n.child_by_field_name("operator")) != "--" or not _at_least(ctx, name, 1, n, func):
                return None
            continue
        elif (
            n.type == "pointer_expression"
            and text(n.child_by_field_name("operator")) == "&"
            and stripped_text(n.child_by_field_name("argument")) == name
        ):
            return None
        else:
            continue
        v = strip_expr(value) if value is not None else None
        if (
            v is None
            or v.type != "call_expression"
            or callee_of(v) not in LENGTHS - {"strnlen", "wcsnlen"}
            or not call_args(v)
            or stripped_text(call_args(v)[0]) not in pointers
        ):
            return None
        first = first or v
    return first


def _at_least(ctx: Ctx, name: str, k: int, at: Node, func: Node) -> bool:
    """A condition holding at ``at`` (its variables unchanged since) says ``name >= k``."""
    for cond, truth, _where in holding_conditions(at):
        for var, op, other in comparisons(cond, truth):
            if var != name:
                continue
            if (
                op == "!="
                and k == 1
                and (strip_expr(other).type == "identifier" or const_int(ctx, other, func) == 0)
            ):
                return True  # `if (len)`: never negative (see the module's doc), so at least 1
            v = const_int(ctx, other, func)
            if v is not None and ((op == ">=" and v >= k) or (op == ">" and v >= k - 1)):
                return True
    return False


def measured_above(ctx: Ctx, base: str, k: int, at: Node, func: Node) -> Node | None:
    """A condition holding at ``at`` says ``strlen(base) > k`` (or ``>= k + 1``), ``base`` unchanged
    since (holding_conditions drops a condition whose variables changed)."""
    for cond, truth, where in holding_conditions(at):
        for var, op, other in comparisons(cond, truth):
            m = squash(var)
            if m not in {f"strlen({base})", f"strnlen({base})"} or m.startswith("strnlen"):
                continue
            v = const_int(ctx, other, func)
            if v is not None and ((op == ">" and v >= k) or (op == ">=" and v >= k + 1)):
                return where
    return None
