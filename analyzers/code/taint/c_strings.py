"""The longest string a C buffer can hold at a point, from the writes that must have run before it:
a literal initialiser, ``strcpy``/``strcat`` of strings of known length, ``buf[k] = '\\0'`` (the
string ends by ``k``), ``memset`` of a byte that is not zero (then a terminator), ``fgets`` (at most
its size minus one). Writes in branches that do not dominate the point (or in loops around it)
make the length unknown, except in branches that never run. Lengths exclude the terminator:
``strlen(s) + 1`` bytes hold ``s``.
"""

from __future__ import annotations

from tree_sitter import Node

from .c_conditions import LOOPS, counted_before, dead_branch, runs_before, runs_once, succeeded_before
from .c_context import Ctx
from .c_objects import elem_of, points_to
from .c_scan import scan_targets
from .c_spec import (
    BYTE_FUNCS,
    COMMAND_FUNCS,
    COPY_FUNCS,
    FORMAT_FUNCS,
    READ_ONLY_ARGS,
    SCAN_FUNCS,
    WIDE_COPIES,
)
from .c_tables import table_string_max
from .c_tree import (
    aliases_of,
    ancestors,
    call_args,
    callee_of,
    declared_name,
    enclosing_function,
    inside,
    param_names,
    plain_definitions,
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
    tabled = table_string_max(ctx, expr)
    if tabled is not None:
        return tabled
    if func is None:
        return None
    base = pointer_base(expr)
    if not base or _recast(ctx, expr, base, func):
        return None
    targets = points_to(ctx, expr, func)
    if not targets or any(t.offset != 0 for t in targets):
        return None
    # one object, from its start; or a parameter that keeps what callers hand it (whatever each
    # passes, writes through that parameter land in it); a pointer that may point at several
    # objects of this function says nothing of any
    objs = {t.obj for t in targets}
    obj = next(iter(objs)) if len(objs) == 1 else None
    if obj is None and not _steady_param(func, expr):
        return None
    # an object named here (not one a caller hands in, whose name may mean something else here)
    names = aliases_of(func, base) | {t.obj for t in targets if inside(t.where, func)}
    length = _entry_length(ctx, func, base, at, names, depth=depth)
    known = length is not None
    since = func.start_byte  # where the last write that settles the length ends
    spot = _Spot(obj, names, func, text(strip_expr(expr)), at)
    for n in walk(func):
        if n.start_byte >= at.start_byte:
            break
        if n.end_byte > at.start_byte:
            continue  # an expression around `at` (a call whose argument it is) acts after it
        effect = _effect(ctx, n, spot, (depth, length if known else None))
        if effect is None:
            continue
        if dead_branch(ctx, n) is not None:
            continue
        if not runs_before(ctx, n, at) and not _succeeded(ctx, n, at):
            return None  # written on some paths only
        known, length = True, effect[0]
        since = n.end_byte
    if not known or length is None:
        return None
    if _written_again(ctx, at, spot, depth):
        return None  # a later round of a loop around `at` (or a jump back) writes it first
    if not _private(ctx, func, names, obj) and not _untouched(ctx, func, (since, at.start_byte), names):
        return None  # other code (a call, a store through another pointer) may change it
    return length


def _succeeded(ctx: Ctx, n: Node, at: Node) -> bool:
    """``n`` is a writer whose success is tested on the way to ``at`` (fgets() non-NULL, every
    conversion of a scanf-like call made)."""
    if n.type != "call_expression":
        return False
    callee = callee_of(n)
    if callee in _CHECKED_WRITERS:
        return succeeded_before(n, at)
    if callee in SCAN_FUNCS:
        targets = scan_targets(ctx, n)
        return targets is not None and counted_before(n, at, len(targets))
    return False


def _scanned_width(ctx: Ctx, call: Node, spot: _Spot) -> int | None:
    """The most characters a scanf-like call stores as a string at the start of the object: its
    ``%Ns`` width (None: no width, not at the start, or several conversions into it)."""
    targets = scan_targets(ctx, call) or []
    mine = [t for t in targets if pointer_base(t[0]) in spot.names]
    if len(mine) != 1 or not spot.at_start(ctx, mine[0][0]):
        return None
    _arg, conv, width, _wide = mine[0]
    return width if conv in {"s", "["} and width is not None else None


class _Spot:
    """The object a length is measured in (``obj``, its start; None: whatever the parameter
    ``pointer`` is handed), the names that may point into it, and the function."""

    def __init__(self, obj: str | None, names: set[str], func: Node, pointer: str, at: Node) -> None:
        self.obj, self.names, self.func, self.pointer, self.at = obj, names, func, pointer, at

    def at_start(self, ctx: Ctx, ptr: Node) -> bool:
        """``ptr`` points at the start of the object, whatever path led to it."""
        if self.obj is None:
            return text(strip_expr(ptr)) == self.pointer
        got = points_to(ctx, ptr, self.func) or []
        return bool(got) and all(t.obj == self.obj and t.offset == 0 for t in got)


def _steady_param(func: Node, expr: Node) -> bool:
    from .c_callers import keeps_value

    e = strip_expr(expr)
    return e.type == "identifier" and text(e) in param_names(func) and keeps_value(func, text(e))


def _loops_around(at: Node, func: Node) -> list[Node]:
    out: list[Node] = []
    cur = at.parent
    while cur is not None and cur != func:
        if cur.type in LOOPS:
            out.append(cur)
        cur = cur.parent
    return out


def _written_again(ctx: Ctx, at: Node, spot: _Spot, depth: int) -> bool:
    """A write into the object after ``at`` that may run before ``at`` runs again: inside a loop
    around ``at``, or anywhere after it when the function jumps with ``goto``; for an object others
    may write, any call or store there too."""
    func = spot.func
    body = func.child_by_field_name("body")
    jumps = any(n.type == "goto_statement" for n in walk(func))
    loops = [lp for lp in _loops_around(at, func) if not runs_once(ctx, lp)]
    if (jumps or loops) and _writes_first(at, spot):
        return True  # `at` itself writes the object (strcat into it): the next round starts longer
    spans = [(at.end_byte, body.end_byte)] if jumps and body is not None else []
    spans += [(at.end_byte, lp.end_byte) for lp in loops]
    private = _private(ctx, func, spot.names, spot.obj)
    for start, end in spans:
        for n in walk(func):
            if n.end_byte <= start or n.start_byte >= end:
                continue
            if _effect(ctx, n, spot, (depth, None)) is not None and dead_branch(ctx, n) is None:
                return True
        if not private and not _untouched(ctx, func, (start, end), spot.names):
            return True
    return False


def _writes_first(at: Node, spot: _Spot) -> bool:
    """``at`` is a call that writes through its first argument into the object (not one only
    reading it, like ``strlen``)."""
    args = call_args(at) if at.type == "call_expression" else []
    return bool(args) and pointer_base(args[0]) in spot.names and callee_of(at) not in _READS | READ_ONLY_ARGS


def _private(ctx: Ctx, func: Node, names: set[str], obj: str | None) -> bool:
    """The object is the function's own (a local array or a block it allocated) and only its local
    pointers point into it: no pointer to it is stored elsewhere, nor handed to a function other
    than a known library one, so no other code can write it."""
    from .c_callers import local_objects

    if obj is None or (obj not in local_objects(func) and not obj.startswith(_BLOCKS)):
        return False
    if not all(_local(func, n) for n in names):
        return False
    for n in walk(func):
        if n.type == "call_expression" and any(pointer_base(a) in names for a in call_args(n)):
            if ctx.callee(n) not in _KNOWN:
                return False
        elif n.type == "return_statement" and n.named_children and pointer_base(n.named_children[0]) in names:
            return False
    return True


def _untouched(ctx: Ctx, func: Node, span: tuple[int, int], names: set[str]) -> bool:
    """Between the bytes of ``span``, every call is a known library one (or a workspace function
    writing only its own arrays) and every store goes through ``names`` or the function's arrays."""
    from .c_callers import local_objects, quiet_between

    return quiet_between(ctx, func, span, names | local_objects(func))


def _local(func: Node, name: str) -> bool:
    """``name`` is declared in the function's body (not a parameter, a global or a field)."""
    body = func.child_by_field_name("body")
    return body is not None and any(
        n.type == "declaration"
        and any(declared_name(d) == name for d in n.children_by_field_name("declarator"))
        for n in walk(body)
    )


_BLOCKS = ("malloc@", "calloc@", "realloc@", "alloca@", "_alloca@", "__builtin_alloca@")


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


def char_width(ctx: Ctx, arg: Node, func: Node | None) -> int | None:
    """Bytes per character of the string ``arg`` points to, as its own declaration (or literal, or
    the macro that stands for one) says."""
    a = strip_expr(arg)
    if a.type == "identifier" and ctx.macro(text(a)) is not None:
        quote = (ctx.macro(text(a)) or "").lstrip()
        return (
            4
            if quote.startswith(("L", "U"))
            else 2
            if quote.startswith('u"')
            else 1
            if quote.startswith('"')
            else None
        )
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
        if unit is None or char_width(ctx.unbound(), arg, caller) != unit:
            return None  # characters of another width: lengths do not carry over
        got = max_len(ctx.unbound(), arg, call, caller, depth + 1)
        if got is None:
            return None
        longest = max(longest, got)
    return longest


def _effect(ctx: Ctx, n: Node, spot: _Spot, state: tuple[int, int | None]) -> tuple[int | None] | None:
    """The string length after ``n`` when it writes the object (None inside: unknown), or None
    when ``n`` does not write it. ``state``: (depth, the length before ``n``). A write through a
    pointer that may point elsewhere in the object (or into another object) than its start leaves
    the length unknown, unless it only writes terminators (which never lengthen a string)."""
    depth, current = state
    names, func = spot.names, spot.func
    if n.type == "init_declarator" and declared_name(n.child_by_field_name("declarator")) in names:
        value = n.child_by_field_name("value")
        declarator = n.child_by_field_name("declarator")
        if value is None or (declarator is not None and declarator.type == "pointer_declarator"):
            return None  # a pointer given a place (`char *p = buf`): no character is written
        if declared_name(declarator) != spot.obj:
            return (None,)
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
        if not spot.at_start(ctx, arr):
            k = None  # where in the object it lands is not known
        plain = text(n.child_by_field_name("operator")) == "="
        if plain and right is not None and squash(text(right)) in _ZERO:
            if k is None:
                return (current,)  # a terminator somewhere: the string is no longer than before
            return (k if current is None else min(current, k),)
        # a byte that may not be zero: past every possible end of the string it changes nothing; at or
        # before it, it may overwrite the terminator
        return (current,) if current is not None and k is not None and k > current else (None,)
    if n.type != "call_expression":
        return None
    args = call_args(n)
    callee = callee_of(n)
    if callee in SCAN_FUNCS and any(pointer_base(a) in names for a in args):
        return (_scanned_width(ctx, n, spot),)
    if not args or pointer_base(args[0]) not in names:
        if any(pointer_base(a) in names for a in args[1:]) and callee not in _READS:
            return (None,)  # written through another argument
        return None
    src = args[1] if len(args) > 1 else None
    if callee in {"memset", "wmemset"} and len(args) > 2 and const_int(ctx, args[1], func) == 0:
        count = const_int(ctx, args[2], func)
        if spot.at_start(ctx, args[0]) and count is not None and count >= 1:
            return (0,)
        return (current,)  # zeros only, somewhere (or none at all): no longer than before
    if not spot.at_start(ctx, args[0]):
        return (None,)  # written at an offset, or maybe into another object
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
    if callee in {"memset", "wmemset"}:
        return (None,)  # non-zero bytes: the string ends at the next terminator written
    if callee in {"snprintf", "vsnprintf", "strlcpy"} and len(args) > 1:
        size = const_int(ctx, args[1] if callee != "strlcpy" else args[2], func) if len(args) > 2 else None
        return (size - 1 if size is not None and size > 0 else None,)  # what it leaves fits its size
    if callee in {"fgets", "fgetws"} and len(args) > 1:
        size = const_int(ctx, args[1], func)
        if size is None or size <= 0:
            return (None,)
        if succeeded_before(n, spot.at):
            return (size - 1,)
        # a failed call (end of input) leaves the string as it was
        return (max(current, size - 1) if current is not None else None,)
    if callee in _READS:
        return None
    return (None,)


# writers whose success, tested on the way to a read, is what makes them write (c_conditions)
_CHECKED_WRITERS = frozenset({"fgets", "fgetws"})
_READS = frozenset(
    {"strlen", "wcslen", "strcmp", "strncmp", "printf", "puts", "fputs", "printLine", "printWLine", "wprintf",
     "fprintf", "strchr", "strrchr", "strstr", "atoi", "atol", "strtol", "system", "popen", "free"}
)  # fmt: skip
# library functions that neither keep a pointer they are handed nor write through it unseen
_KNOWN = (
    _READS | frozenset(COPY_FUNCS) | BYTE_FUNCS | frozenset(FORMAT_FUNCS) | READ_ONLY_ARGS
    | frozenset(COMMAND_FUNCS) | frozenset(SCAN_FUNCS) | {"fgets", "fgetws", "wcsncat", "strncat", "wmemset"}
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


def copies_terminator(ctx: Ctx, call: Node, src: Node, n: Node, func: Node) -> bool:
    """The copied bytes include the source's terminator: a literal shorter than the length, or a
    length of ``strlen(src) + 1``."""
    length = const_int(ctx, n, func)
    literal = const_string(ctx, src, func)
    if literal is not None and length is not None:
        # wide copies (wcsncpy, wmemcpy) count characters; byte copies count the literal's bytes
        width = 1 if ctx.callee(call) in WIDE_COPIES else char_width(ctx, src, func)
        return width is not None and length >= (len(literal[0]) + 1) * width
    s = squash(text(strip_expr(src)))
    body = squash(text(n))
    if f"strlen({s})+1" in body or f"wcslen({s})+1" in body:
        return True
    return _measured_local(ctx, call, strip_expr(src), strip_expr(n), func)


def _measured_local(ctx: Ctx, call: Node, src: Node, n: Node, func: Node) -> bool:
    """``n = strlen(s) + 1; ... memcpy(p, s, n)``: the local's one definition measures the source,
    runs before the copy, and between the two neither ``s`` nor ``n`` changes and no code writes
    memory except through the copy's destination (the string keeps its length)."""
    from .c_callers import keeps_value, quiet_between

    if n.type != "identifier" or src.type != "identifier":
        return False
    defs = plain_definitions(func, text(n))
    if not defs or len(defs) != 1 or not runs_before(ctx, defs[0][0], call):
        return False
    value = squash(text(strip_expr(defs[0][1])))
    if value not in {f"strlen({text(src)})+1", f"wcslen({text(src)})+1"}:
        return False
    if not keeps_value(func, text(src)) or any(p.type in LOOPS for p in ancestors(call, func)):
        return False
    dst = call_args(call)[0] if call_args(call) else None
    ok = aliases_of(func, text(strip_expr(dst))) if dst is not None else set()
    return quiet_between(ctx, func, (defs[0][0].end_byte, call.start_byte), ok)
