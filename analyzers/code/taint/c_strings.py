"""The longest string a C buffer can hold at a point, from the writes that must have run before it:
a literal initialiser, ``strcpy``/``strcat`` of strings of known length, ``buf[k] = '\\0'`` (the
string ends by ``k``), ``memset`` of a byte that is not zero (then a terminator), ``fgets`` (at most
its size minus one). Writes in branches that do not dominate the point (or in loops around it)
make the length unknown, except in branches that never run. Lengths exclude the terminator:
``strlen(s) + 1`` bytes hold ``s``.
"""

from __future__ import annotations

from tree_sitter import Node

from .c_conditions import dead_branch, runs_before
from .c_context import Ctx
from .c_objects import elem_of, points_to
from .c_tree import (
    aliases_of,
    call_args,
    callee_of,
    declared_name,
    enclosing_function,
    inside,
    pointer_base,
    squash,
    strip_expr,
    text,
    walk,
)
from .c_values import ELEM_SIZES, const_int, const_string

MAX_DEPTH = 4
_ZERO = {"0", "'\\0'", "L'\\0'", "'\\x00'"}


def max_len(ctx: Ctx, expr: Node, at: Node, func: Node | None, depth: int = 0) -> int | None:
    """An upper bound of ``strlen(expr)`` when ``at`` runs, or None."""
    if depth > MAX_DEPTH:
        return None
    lit = const_string(ctx, expr, func)
    if lit is not None:
        return len(lit[0])
    if func is None:
        return None
    base = pointer_base(expr)
    if not base or _recast(ctx, expr, base, func):
        return None
    targets = points_to(ctx, expr, func)
    if not targets or any(t.offset != 0 for t in targets):
        return None
    # an object named here (not one a caller hands in, whose name may mean something else here)
    names = aliases_of(func, base) | {t.obj for t in targets if inside(t.where, func)}
    length = _entry_length(ctx, func, base, at, names, depth=depth)
    known = length is not None
    for n in walk(func):
        if n.start_byte >= at.start_byte:
            break
        if n.end_byte > at.start_byte:
            continue  # an expression around `at` (a call whose argument it is) acts after it
        effect = _effect(ctx, n, names, func, (depth, length if known else None))
        if effect is None:
            continue
        if dead_branch(ctx, n) is not None:
            continue
        if not runs_before(ctx, n, at):
            return None  # written on some paths only
        known, length = True, effect[0]
    return length if known else None


def _recast(ctx: Ctx, expr: Node, base: str, func: Node | None) -> bool:
    """``expr`` views ``base`` through a cast to characters of another width than ``base`` is declared
    with (``(wchar_t *)bytes``): a length counted in one width says nothing of the other."""
    e = expr
    while e.type in {"parenthesized_expression", "cast_expression"}:
        if e.type == "cast_expression":
            typ = e.child_by_field_name("type")
            words = text(typ).replace("*", " ").replace("const", " ").split() if typ is not None else []
            seen = ELEM_SIZES.get(" ".join(words))
            if seen is None or seen != elem_of(ctx, base, func):
                return True
            e = e.child_by_field_name("value") or e
        else:
            if not e.named_children:
                break
            e = e.named_children[0]
    return False


def _width(ctx: Ctx, arg: Node, func: Node | None) -> int | None:
    """Bytes per character of the string ``arg`` points to, as its own declaration (or literal) says."""
    a = strip_expr(arg)
    if a.type in {"string_literal", "concatenated_string"}:
        return 4 if text(a).lstrip().startswith(("L", "U")) else 2 if text(a).lstrip().startswith('u"') else 1
    base = pointer_base(arg)
    return elem_of(ctx, base, func) if base and not _recast(ctx, arg, base, func) else None


def _entry_length(ctx: Ctx, func: Node, base: str, at: Node, names: set[str], *, depth: int) -> int | None:
    """For a parameter that keeps its value: the longest string any visible caller hands it, when
    nothing before ``at`` may change that string other than through ``names``."""
    from .c_callers import entry_arguments, local_objects, quiet_until

    passed = entry_arguments(ctx, func, base)
    if passed is None or not quiet_until(ctx, func, at, names | local_objects(func)):
        return None
    unit = elem_of(ctx, base, func)
    longest = 0
    for arg, call in passed:
        caller = enclosing_function(call)
        if unit is None or _width(ctx.unbound(), arg, caller) != unit:
            return None  # characters of another width: lengths do not carry over
        got = max_len(ctx.unbound(), arg, call, caller, depth + 1)
        if got is None:
            return None
        longest = max(longest, got)
    return longest


def _effect(
    ctx: Ctx, n: Node, names: set[str], func: Node, state: tuple[int, int | None]
) -> tuple[int | None] | None:
    """The string length after ``n`` when it writes the buffer (None inside: unknown), or None
    when ``n`` does not write it. ``state``: (depth, the length before ``n``)."""
    depth, current = state
    if n.type == "init_declarator" and declared_name(n.child_by_field_name("declarator")) in names:
        value = n.child_by_field_name("value")
        declarator = n.child_by_field_name("declarator")
        if value is None or (declarator is not None and declarator.type == "pointer_declarator"):
            return None  # a pointer given a place (`char *p = buf`): no character is written
        s = const_string(ctx, value, func)
        return (len(s[0]) if s is not None else None,)
    if n.type == "assignment_expression":
        left = n.child_by_field_name("left")
        lhs = strip_expr(left) if left is not None else None
        if lhs is None or lhs.type not in {"subscript_expression", "pointer_expression"}:
            return None
        arr = lhs.child_by_field_name("argument")
        if arr is None or pointer_base(arr) not in names:
            return None
        right = n.child_by_field_name("right")
        index = lhs.child_by_field_name("index")
        k = const_int(ctx, index, func) if lhs.type == "subscript_expression" else 0
        plain = text(n.child_by_field_name("operator")) == "="
        if plain and right is not None and squash(text(right)) in _ZERO:
            if k is None:
                return (None,)
            return (k if current is None else min(current, k),)
        # a byte that may not be zero: past every possible end of the string it changes nothing; at or
        # before it, it may overwrite the terminator
        return (current,) if current is not None and k is not None and k > current else (None,)
    if n.type != "call_expression":
        return None
    args = call_args(n)
    callee = callee_of(n)
    if not args or pointer_base(args[0]) not in names:
        if any(pointer_base(a) in names for a in args[1:]) and callee not in _READS:
            return (None,)  # written through another argument
        return None
    if strip_expr(args[0]).type != "identifier" and callee not in {"memset", "wmemset"}:
        return (None,)  # written at an offset
    src = args[1] if len(args) > 1 else None
    if callee in {"strcpy", "wcscpy"} and src is not None:
        return (max_len(ctx, src, n, func, depth + 1),)
    if callee in {"strcat", "wcscat"} and src is not None:
        add = max_len(ctx, src, n, func, depth + 1)
        return (current + add if current is not None and add is not None else None,)
    if callee in {"strncat", "wcsncat"} and src is not None and len(args) > 2:
        add = max_len(ctx, src, n, func, depth + 1)
        cap = const_int(ctx, args[2], func)
        extra = min(x for x in (add, cap) if x is not None) if add is not None or cap is not None else None
        return (current + extra if current is not None and extra is not None else None,)
    if callee in {"memset", "wmemset"} and len(args) > 2:
        fill = const_int(ctx, args[1], func)
        if fill == 0:
            return (0,)
        return (None,)  # non-zero bytes: the string ends at the next terminator written
    if callee in {"fgets", "fgetws"} and len(args) > 1:
        size = const_int(ctx, args[1], func)
        return (size - 1 if size is not None and size > 0 else None,)
    if callee in _READS:
        return None
    return (None,)


_READS = frozenset(
    {"strlen", "wcslen", "strcmp", "strncmp", "printf", "puts", "fputs", "printLine", "printWLine", "wprintf",
     "fprintf", "strchr", "strrchr", "strstr", "atoi", "atol", "strtol", "system", "popen", "free"}
)  # fmt: skip


def max_int(ctx: Ctx, expr: Node, at: Node, func: Node | None) -> int | None:
    """An upper bound of a non-negative size expression: constants, ``sizeof``, ``strlen(s)``
    (:func:`max_len`), and their sums and products."""
    v = const_int(ctx, expr, func)
    if v is not None:
        return v if v >= 0 else None
    e = strip_expr(expr)
    if e.type == "call_expression" and callee_of(e) in {"strlen", "wcslen"} and len(call_args(e)) == 1:
        return max_len(ctx, call_args(e)[0], at, func)
    if e.type == "call_expression" and callee_of(e) in {"strnlen", "wcsnlen"} and len(call_args(e)) == 2:
        cap = const_int(ctx, call_args(e)[1], func)
        return cap if cap is not None and cap >= 0 else None
    if e.type == "binary_expression":
        op = text(e.child_by_field_name("operator"))
        left, right = e.child_by_field_name("left"), e.child_by_field_name("right")
        if left is None or right is None or op not in {"+", "*"}:
            return None
        a, b = max_int(ctx, left, at, func), max_int(ctx, right, at, func)
        if a is None or b is None:
            return None
        return a + b if op == "+" else a * b
    return None
