"""A character array read as a string must hold a terminator by then.

``strlen(buf)``, ``printf("%s", buf)``, ``strcpy(dst, buf)`` or a workspace function that hands its
parameter to one of those read until a NUL: if nothing ever put one into the array (elements copied
one by one, ``memset`` of every byte, ``strncpy`` that filled it), the read runs past its end
(CWE-126/170). This module says whether a string read of an array is preceded by something that
terminates it; it does not try to prove where the terminator lands (the writes themselves are
judged elsewhere).
"""

from __future__ import annotations

import re

from tree_sitter import Node

from .c_conditions import counted_before, dominating_store, runs_before, succeeded_before
from .c_context import Ctx
from .c_objects import Target
from .c_provenance import definition_of
from .c_spec import BYTE_FUNCS, COPY_FUNCS, FORMAT_FUNCS, READ_ONLY_ARGS, SCAN_FUNCS
from .c_tables import table_index, table_string_max
from .c_tree import (
    aliases_of,
    call_args,
    callee_of,
    declared_name,
    enclosing_function,
    func_name,
    inside,
    line_of,
    param_names,
    plain_definitions,
    pointer_base,
    pointer_bases,
    squash,
    store_target,
    strip_expr,
    text,
    walk,
)
from .c_values import const_int
from .outcome import Outcome
from .values import Note

# READ_ONLY_ARGS that do not read their pointer as a NUL-terminated string.
_NOT_STRINGS = frozenset(
    {
        "memcmp",
        "memchr",
        "wmemcmp",
        "wmemchr",
        "write",
        "send",
        "sendto",
        "fwrite",
        "va_start",
        "strnlen",
        "wcsnlen",
    }
)
# Copies whose source is read up to its terminator.
_STRING_SOURCES = frozenset({"strcpy", "wcscpy", "stpcpy", "strcat", "wcscat"})
# Calls that leave a terminated string in their destination.
_STRING_WRITERS = frozenset(
    {"strcpy", "wcscpy", "stpcpy", "strcat", "wcscat", "strncat", "wcsncat", "strlcpy", "strlcat",
     "sprintf", "vsprintf", "snprintf", "vsnprintf", "swprintf", "vswprintf", "fgets", "fgetws", "gets",
     "getcwd", "realpath", "strftime", "wcsftime", "inet_ntop"}
)  # fmt: skip
# writers that return NULL on failure, leaving the buffer as it was (fgets() at the end of input)
_NULL_ON_FAILURE = frozenset({"fgets", "fgetws", "gets", "getcwd", "realpath", "inet_ntop"})
_TERMINATOR = re.compile(r"^(0|'\\0'|L'\\0'|'\\x0*0'|L'\\x0*0')$")
_LOOPS = {"for_statement", "while_statement", "do_statement"}
MAX_DEPTH = 2


def reads_as_string(ctx: Ctx, call: Node, i: int, depth: int = 0) -> bool:
    """Argument ``i`` of ``call`` is read up to its terminator."""
    name = ctx.callee(call)
    if name in READ_ONLY_ARGS:
        return name not in _NOT_STRINGS
    if name in FORMAT_FUNCS and name not in SCAN_FUNCS:
        return i >= FORMAT_FUNCS[name]  # the format itself, or a printed argument (%s)
    if name in COPY_FUNCS:
        return name in _STRING_SOURCES and COPY_FUNCS[name][1] == i
    if name in BYTE_FUNCS or depth >= MAX_DEPTH:
        return False
    found = definition_of(ctx, call)
    if found is None:
        return False
    octx, fdef = found
    params = param_names(fdef)
    if i >= len(params):
        return False
    p = params[i]
    for n in walk(fdef):
        if n.type == "call_expression":
            for j, a in enumerate(call_args(n)):
                if (
                    strip_expr(a).type == "identifier"
                    and text(strip_expr(a)) == p
                    and reads_as_string(octx, n, j, depth + 1)
                ):
                    return True
    return False


def terminated_before(
    ctx: Ctx,
    at: Node,
    scope: Node,
    pointers: set[str],
    name: str,
    *,
    strict: bool = False,
    fields: bool = False,
) -> bool:
    """Something that may leave a terminator in the object runs before ``at`` (or in a loop around
    it): its initialiser, a ``x[k] = '\\0'`` or ``*p = 0`` through a pointer into it, a call that
    writes a string into it, or (unless ``strict``) any call it is handed to that the analyst does
    not model. ``strict``: only writes that run on every path to ``at`` count."""
    return terminator_before(ctx, at, scope, pointers, name, strict=strict, fields=fields) is not None


def terminator_before(
    ctx: Ctx,
    at: Node,
    scope: Node,
    pointers: set[str],
    name: str,
    *,
    strict: bool = False,
    fields: bool = False,
    last: bool = False,
) -> Node | None:
    """The first write :func:`terminated_before` counts (an initialiser, an assignment, a call), or
    with ``last`` the last one before ``at``."""
    loop = _enclosing_loop(at, scope)
    found: Node | None = None
    for n in walk(scope):
        if found is not None and not last:
            break
        if strict and n.type == "call_expression" and ctx.callee(n) in _NULL_ON_FAILURE:
            early = succeeded_before(n, at)  # a failed fgets() leaves the buffer as it was
        elif strict and n.type == "call_expression" and ctx.callee(n) in SCAN_FUNCS:
            # a conversion that fails (or is never reached) leaves its buffer as it was
            needed = _conversions(ctx, n)
            early = runs_before(ctx, n, at) or (needed is not None and counted_before(n, at, needed))
        elif strict:
            early = runs_before(ctx, n, at)
        else:
            early = n.end_byte <= at.start_byte or (
                loop is not None and loop.start_byte <= n.start_byte < loop.end_byte
            )
        if not early:
            continue
        if n.type == "init_declarator" and declared_name(n.child_by_field_name("declarator")) == name:
            if n.child_by_field_name("value") is not None:
                found = n
        elif n.type == "assignment_expression" and _terminates(n, pointers, fields):
            found = n
        elif n.type == "call_expression" and n != at:
            args = call_args(n)
            at_i = [k for k, a in enumerate(args) if pointer_bases(a, fields=fields) & pointers]
            if not at_i:
                continue
            callee = ctx.callee(n)
            if callee in _STRING_WRITERS or callee in SCAN_FUNCS:
                found = n
                continue
            if callee in COPY_FUNCS and COPY_FUNCS[callee][0] in at_i and _copies_terminator(ctx, n):
                found = n
                continue
            if (
                callee in COPY_FUNCS
                or callee in BYTE_FUNCS
                or callee in READ_ONLY_ARGS
                or callee in FORMAT_FUNCS
            ):
                continue  # byte copies, fills and reads leave no terminator of their own
            if not strict and not all(reads_as_string(ctx, n, k) for k in at_i):
                found = n  # handed to code that may write a string into it
    return found


def _conversions(ctx: Ctx, call: Node) -> int | None:
    """How many assignments a scanf-like call's constant format makes."""
    from .c_scan import scan_targets

    targets = scan_targets(ctx, call)
    return len(targets) if targets is not None else None


def _copies_terminator(ctx: Ctx, call: Node) -> bool:
    from .c_strings import copies_terminator

    args = call_args(call)
    func = enclosing_function(call)
    return len(args) >= 3 and func is not None and copies_terminator(ctx, call, args[1], args[2], func)


def _terminates(assign: Node, pointers: set[str], fields: bool = False) -> bool:
    if text(assign.child_by_field_name("operator")) != "=":
        return False
    left, right = assign.child_by_field_name("left"), assign.child_by_field_name("right")
    if left is None or right is None:
        return False
    lhs = strip_expr(left)
    if lhs.type == "subscript_expression" or (
        lhs.type == "pointer_expression" and text(lhs.child_by_field_name("operator")) == "*"
    ):
        base = lhs.child_by_field_name("argument")
        return (
            base is not None
            and bool(pointer_bases(base, fields=fields) & pointers)
            and bool(_TERMINATOR.match(squash(text(right))))
        )
    return False


def _enclosing_loop(node: Node, scope: Node) -> Node | None:
    cur = node.parent
    while cur is not None and cur != scope:
        if cur.type in _LOOPS:
            return cur
        cur = cur.parent
    return None


MAX_CALLER_DEPTH = 2


def terminated_string(
    ctx: Ctx, at: Node, arg: Node, func: Node | None, *, depth: int, unit: int | None = None
) -> list[Note] | Outcome:
    """``arg`` holds a string terminated inside its object where ``at`` reads it (notes), or the
    reason it may not (a TRUE_POSITIVE outcome). ``unit``: the bytes per character the read counts
    (wcslen: 4), which a string handed in by callers must have too."""
    from .c_objects import elem_of

    if unit is None:
        unit = 4 if ctx.callee(at) == "wcslen" else 1
    from .c_argv import program_argument
    from .c_context import keep
    from .c_cursor import string_cursor
    from .c_member_strings import member_string
    from .c_objects import points_to

    targets = points_to(ctx, arg, func) if func is not None else None
    given = program_argument(ctx, arg, at, func) if not targets else None
    if given is None and not targets and unit == 1:
        from .c_option_strings import argument_string

        given = argument_string(ctx, arg, at, func)  # `opt_name = optarg` ... `strlen(opt_name)`
    if given is not None:
        return [given]
    if not targets:
        from_callers = _from_callers(ctx, at, arg, func, depth=depth, unit=unit)
        if from_callers is not None:
            return from_callers
        held = member_string(ctx, arg, at) if unit == 1 else None
        if held is not None:
            return held
        if unit == 1 and strip_expr(arg).type == "field_expression":
            from .c_member_arrays import kept_members_said, member_array_max

            if member_array_max(ctx, arg) is not None:  # `strlen(po->vendor)`, `char vendor[9]`
                return [
                    ctx.note(
                        at, f"`{text(arg)}` holds a terminated string{kept_members_said(ctx, [arg])}", "guard"
                    )
                ]
        fresh = _fresh_copy(ctx, arg, at, func) if unit == 1 else None
        if fresh is not None:
            return fresh
        cursor = string_cursor(ctx, arg, at, func, depth, whole=_whole) if unit == 1 else None
        if cursor is not None:
            return cursor
        if unit == 1 and table_string_max(ctx, arg) is not None:
            from .c_index import index_safe

            sub = table_index(arg)
            picked = index_safe(ctx, sub) if sub is not None else None
            if isinstance(picked, Outcome):
                return picked  # `strlen(names[bit])` with `bit` past the table: no string of it
            why = f"`{text(arg)}` is one of the string literals of a constant table of this file"
            return [ctx.note(at, why, "constant"), *(picked or [])]
        return keep(ctx, at, f"`{text(arg)}` points to an object the analyst cannot follow", "over-read")
    params = set(param_names(func)) if func is not None else set()
    if func is not None and any(
        not inside(t.where, func) or (t.size is None and t.obj in params) for t in targets
    ):
        from_callers = _from_callers(
            ctx, at, arg, func, depth=depth, unit=unit
        )  # objects of the callers: judged there
        if isinstance(from_callers, list):
            return from_callers
    if unit == 1 and any(t.offset is None for t in targets):
        cursor = string_cursor(ctx, arg, at, func, depth, whole=_whole)
        if cursor is not None:
            return cursor
    base = pointer_base(arg)
    for t in targets:
        if t.offset is None or t.offset < 0 or (t.size is not None and t.offset >= t.size):
            return keep(ctx, at, f"`{text(arg)}` may point outside `{t.obj}`", "over-read")
        if depth > 0:  # handed in by a caller: its characters must be what the read counts
            literal = t.where.type in {"string_literal", "concatenated_string"}
            width = (4 if text(t.where).startswith("L") else 1) if literal else elem_of(ctx, t.obj, func)
            if width != unit:
                return keep(
                    ctx,
                    at,
                    f"`{text(arg)}` is handed a string of characters of "
                    f"{width if width is not None else 'unknown'} bytes, read as {unit}-byte characters",
                    "over-read",
                )
        if t.where.type in {"string_literal", "concatenated_string"}:
            continue
        scope = func if func is not None else ctx.parsed.tree.root_node
        pointers = aliases_of(func, base) | aliases_of(func, t.obj) if func is not None else {base}
        if not terminated_before(ctx, at, scope, pointers, t.obj, strict=True) and not _ends_inside(
            ctx, at, arg, func, targets
        ):
            cursor = string_cursor(ctx, arg, at, func, depth, whole=_whole) if unit == 1 else None
            if cursor is not None:
                return cursor  # a token or cursor of a string shown terminated where it was handed
            unchecked = _unchecked_writer(ctx, at, scope, pointers)
            what = f"{ctx.callee(at)}() reads `{text(arg)}` up to a terminator"
            why = (
                f"{what}; {ctx.callee(unchecked)}() at line {line_of(unchecked)} puts one into `{t.obj}` "
                "only when it succeeds, and this read does not depend on its success (at the end of input "
                "it leaves the buffer as it was)"
                if unchecked is not None
                else f"{what}, but no write before it is known to put one into `{t.obj}`"
            )
            return keep(ctx, at, why, "over-read")
    return [ctx.note(at, f"`{text(arg)}` holds a string terminated inside its object", "guard")]


def cursor_at(ctx: Ctx, arg: Node, at: Node, func: Node | None) -> list[Note] | None:
    """``arg`` is a cursor into a terminated string where ``at`` reads it (c_cursor)."""
    from .c_cursor import string_cursor

    return string_cursor(ctx, arg, at, func, 0, whole=_whole)


def end_cursor_at(ctx: Ctx, ptr: Node, at: Node, func: Node | None, offset: int) -> list[Note] | None:
    """``*(ptr + offset)`` lies inside a terminated string, ``ptr`` counted down from its end
    (c_cursor.below_end)."""
    from .c_cursor import below_end

    return below_end(ctx, ptr, at, func, offset, whole=_whole)


def _whole(ctx: Ctx, at: Node, arg: Node, func: Node | None, depth: int) -> list[Note] | Outcome:
    """:func:`terminated_string` as c_cursor calls it (the start of a terminated string)."""
    return terminated_string(ctx, at, arg, func, depth=depth)


def _fresh_copy(ctx: Ctx, arg: Node, at: Node, func: Node | None) -> list[Note] | None:
    """``arg`` is a fresh copy of a string (``strdup(s)``), or a local only ever set to one, and
    between that and ``at`` (no loop around ``at`` starting in between) nothing writes through it
    and it does not escape: only its own names reach the new block, so other code cannot change it."""
    a = strip_expr(arg)
    if a.type == "call_expression" and duplicates(ctx, a):
        return [ctx.note(at, f"`{text(arg)}` is a fresh terminated copy of a string", "guard")]
    if func is not None and a.type == "field_expression":
        return _fresh_member(ctx, a, at, func)
    if func is None or a.type != "identifier":
        return None
    defs = plain_definitions(func, text(a))
    if not defs or any(
        strip_expr(v).type != "call_expression" or not duplicates(ctx, strip_expr(v)) for _d, v in defs
    ):
        return None
    first = min(d.start_byte for d, _v in defs)
    if first > at.start_byte:
        return None
    ours = aliases_of(func, text(a))
    if _loops_between(at, func, first):
        return None  # a later round may read it after code below changed it
    # until it escapes (stored in memory, handed to code that may keep it), only its own names reach
    # the fresh block: other stores and calls cannot change it; from then on, nothing may
    escape = _first_escape(ctx, func, ours, (first, at.start_byte))
    if escape is False or (
        isinstance(escape, Node)
        and (
            escape.type != "assignment_expression"
            or not _nothing_runs(ctx, func, (escape.end_byte, at.start_byte))
        )
    ):
        return None  # released; or stored where other code may reach it, and other code runs since
    if not _no_store_through(func, ours, (first, at.start_byte)):
        return None
    return [
        ctx.note(at, f"`{text(arg)}` holds a fresh terminated copy of a string", "guard"),
        *(ctx.note(v, f"`{text(v)}` makes it", "constant") for _d, v in defs[:2]),
    ]


def _loops_between(at: Node, func: Node, first: int) -> bool:
    """A loop around ``at`` that starts after ``first``: its rounds run ``at`` again."""
    cur = at.parent
    while cur is not None and cur != func:
        if cur.type in _LOOPS and cur.start_byte > first:
            return True
        cur = cur.parent
    return False


def _first_escape(ctx: Ctx, func: Node, ours: set[str], span: tuple[int, int]) -> Node | bool | None:
    """The first node in ``span`` after which other code may reach the block ``ours`` point to (a
    store of one of them into memory, a call handed one that may keep or write it); None when none;
    False when the block may be released or changed there."""
    from .c_spec import PRINTERS

    for n in walk(func):
        if n.end_byte <= span[0] or n.start_byte >= span[1]:
            continue
        if n.type == "assignment_expression":
            right, left = n.child_by_field_name("right"), n.child_by_field_name("left")
            if right is not None and pointer_bases(right) & ours and left is not None:
                lhs = strip_expr(left)
                if lhs.type != "identifier":
                    return n
        elif n.type == "call_expression":
            handed = any(pointer_bases(x) & ours for x in call_args(n))
            if not handed:
                continue
            callee = ctx.callee(n)
            if callee in {"free", "realloc"}:
                return False
            if callee in READ_ONLY_ARGS or callee in PRINTERS:
                continue
            return n
    return None


def duplicates(ctx: Ctx, call: Node) -> bool:
    """``call`` returns a terminated string or NULL: a library duplicator (``strdup``:
    c_spec.STRING_DUPLICATORS), or a function of the workspace (whatever its name) each of whose
    returns is NULL or a string the analyst shows terminated there (``xstrdup()``: ``n = strlen(s) +
    1; p = xmalloc(n); memcpy(p, s, n); return p;``)."""
    from .c_spec import STRING_DUPLICATORS

    found = definition_of(ctx, call)
    if found is None:
        return callee_of(call) in STRING_DUPLICATORS
    octx, fdef = found
    key = ("duplicates", octx.path, octx.parsed.content_hash, fdef.start_byte)
    if key in ctx.memo:
        return bool(ctx.memo[key])
    ctx.memo[key] = False  # a recursive call of itself proves nothing
    returns = [n for n in walk(fdef) if n.type == "return_statement"]
    ok = bool(returns)
    for r in returns:
        value = strip_expr(r.named_children[0]) if r.named_children else None
        if value is None:
            ok = False
            break
        if text(value) == "NULL" or const_int(octx, value, fdef) == 0:
            continue
        got = terminated_string(octx.unbound(), r, value, fdef, depth=0)
        if isinstance(got, Outcome) or not _copies_fit(octx, fdef, value, r):
            ok = False
            break
    ctx.memo[key] = ok
    return ok


def _copies_fit(ctx: Ctx, fdef: Node, value: Node, ret: Node) -> bool:
    """Every copy into the returned local before ``ret`` writes into a block the function allocated
    for its length (c_alloc_fit): the terminator it copies lies inside the block."""
    from .c_alloc_fit import allocated_for_length
    from .c_sized import sized_for_source

    if value.type != "identifier":
        return False
    for n in walk(fdef):
        if n.type != "call_expression" or n.start_byte >= ret.start_byte:
            continue
        callee = ctx.callee(n)
        args = call_args(n)
        if (
            callee not in COPY_FUNCS
            or not args
            or not (pointer_bases(args[0]) & aliases_of(fdef, text(value)))
        ):
            continue
        n_i = COPY_FUNCS[callee][2]
        if n_i < 0:  # `p = malloc(strlen(s) + 1); strcpy(p, s);`
            if sized_for_source(ctx, n, fdef) is None:
                return False
        elif n_i >= len(args) or allocated_for_length(ctx, n, args[0], args[n_i], fdef) is None:
            return False
    return True


def _fresh_member(ctx: Ctx, member: Node, at: Node, func: Node) -> list[Note] | None:
    """``h->value = xstrdup(v); n = strlen(h->value);``: the last store into the member before ``at``
    is a fresh terminated copy (:func:`duplicates`), it runs before ``at`` (no loop around ``at``), and
    between the two no code that could change a stored pointer runs (:func:`_nothing_runs`) and
    nothing stores into a member of that name."""
    name = squash(text(member))
    field = member.child_by_field_name("field")
    store = dominating_store(ctx, name, at, func) if field is not None else None
    if store is None:
        return None
    value = strip_expr(store.child_by_field_name("right") or store)
    if value.type != "call_expression" or _enclosing_loop(at, func):
        return None
    span = (store.end_byte, at.start_byte)
    if not _nothing_runs(ctx, func, span):
        return None
    for n in walk(func):
        if n.end_byte <= span[0] or n.start_byte >= span[1] or n.type != "assignment_expression":
            continue
        left = strip_expr(n.child_by_field_name("left") or n)
        f = left.child_by_field_name("field") if left.type == "field_expression" else None
        if f is not None and text(f) == text(field):
            return None  # the member stored again, maybe through another pointer to the struct
    if not duplicates(ctx, value):
        return None
    return [
        ctx.note(at, f"`{text(member)}` holds a fresh terminated copy of a string", "guard"),
        ctx.note(value, f"`{text(value)}` makes it at line {store.start_point[0] + 1}", "constant"),
    ]


def _nothing_runs(ctx: Ctx, func: Node, span: tuple[int, int]) -> bool:
    """Between the two offsets, no code that could reach a stored pointer runs: no call but of
    library functions that only read their arguments (or characters), and no store through a pointer
    (``e->value = v; n += strlen(v);``)."""
    from .c_spec import CHAR_USERS, PRINTERS

    for n in walk(func):
        if n.end_byte <= span[0] or n.start_byte >= span[1]:
            continue
        if n.type == "call_expression":
            callee = ctx.callee(n)
            if callee not in READ_ONLY_ARGS and callee not in PRINTERS and callee not in CHAR_USERS:
                return False
        if n.type in {"assignment_expression", "update_expression"}:
            target = store_target(n)
            t = strip_expr(target) if target is not None else None
            if t is not None and t.type in {"subscript_expression", "pointer_expression"}:
                return False
    return True


def _no_store_through(func: Node, ours: set[str], span: tuple[int, int]) -> bool:
    """No ``p[i] = v`` / ``*p = v`` through one of ``ours`` in ``span``."""
    for n in walk(func):
        if n.end_byte <= span[0] or n.start_byte >= span[1]:
            continue
        if n.type in {"assignment_expression", "update_expression"}:
            target = store_target(n)
            t = strip_expr(target) if target is not None else None
            if t is not None and t.type in {"subscript_expression", "pointer_expression"}:
                base = t.child_by_field_name("argument")
                if base is not None and pointer_bases(base) & ours:
                    return False
    return True


def _from_callers(
    ctx: Ctx, at: Node, arg: Node, func: Node | None, *, depth: int, unit: int
) -> list[Note] | Outcome | None:
    """``arg`` is a parameter that keeps what callers hand it, nothing in the function may change
    the string before ``at`` (nor later in a loop around it), and every call of the function (all
    visible: c_callers) hands it a terminated string. None when that does not apply."""
    from .c_callers import entry_arguments, quiet_between

    a = strip_expr(arg)
    if func is None or depth >= MAX_CALLER_DEPTH or a.type != "identifier":
        return None
    param = text(a)
    if param not in param_names(func):
        return None
    entries = entry_arguments(ctx, func, param)
    if not entries:
        return None
    body = func.child_by_field_name("body")
    if body is None:
        return None
    ours = aliases_of(func, param)
    ok = {text(n) for n in walk(func) if n.type == "identifier"} - ours
    spans = [(body.start_byte, at.start_byte)]
    cur = at.parent
    while cur is not None and cur != func:
        if cur.type in _LOOPS:
            spans.append((cur.start_byte, cur.end_byte))
        cur = cur.parent
    if not all(quiet_between(ctx, func, span, ok) for span in spans):
        return None  # the function itself may change the string before the read
    outer = ctx.unbound()
    notes: list[Note] = [
        ctx.note(
            at,
            f"{ctx.callee(at)}() reads the parameter `{param}`, and every call of {func_name(func)}() "
            "hands it a terminated string",
            "guard",
        )
    ]
    for given, call in entries:
        got = terminated_string(outer, call, given, enclosing_function(call), depth=depth + 1, unit=unit)
        if isinstance(got, Outcome):
            return got
        notes.append(outer.note(call, f"`{text(given)}` is handed to `{param}` here", "guard"))
        notes.extend(got[:1])
    return notes


def _unchecked_writer(ctx: Ctx, at: Node, scope: Node, pointers: set[str]) -> Node | None:
    """The last call before ``at`` to a writer that terminates only on success (fgets()) and
    writes into one of ``pointers``."""
    found: Node | None = None
    for n in walk(scope):
        if n.start_byte >= at.start_byte:
            break
        if (
            n.type == "call_expression"
            and ctx.callee(n) in _NULL_ON_FAILURE
            and any(pointer_bases(a) & pointers for a in call_args(n)[:1])
        ):
            found = n
    return found


def _ends_inside(ctx: Ctx, call: Node, arg: Node, func: Node | None, targets: list[Target]) -> bool:
    """The string ``arg`` points to is known to end (:func:`max_len`, which follows the callers of a
    function that cannot be called from elsewhere) before the end of every object it may be in."""
    from .c_objects import elem_of
    from .c_strings import max_len

    unit = 4 if ctx.callee(call) == "wcslen" else 1
    base = pointer_base(arg)
    if func is None or not base or elem_of(ctx, base, func) != unit:
        return False  # a string of another width (or of an unknown one) than the measure counts
    longest = max_len(ctx, arg, call, func)
    return longest is not None and all(t.room is not None and t.room >= (longest + 1) * unit for t in targets)


def terminating_write(ctx: Ctx, call: Node) -> Node | None:
    """The last write before the string-length read ``call`` that terminates the one object its
    argument points into, on every path to it (None: several objects, a literal, or none such)."""
    from .c_objects import points_to

    func = enclosing_function(call)
    args = call_args(call)
    if func is None or not args:
        return None
    targets = points_to(ctx, args[0], func)
    if not targets or len(targets) != 1 or targets[0].where.type in {"string_literal", "concatenated_string"}:
        return None
    t = targets[0]
    pointers = aliases_of(func, pointer_base(args[0])) | aliases_of(func, t.obj)
    return terminator_before(ctx, call, func, pointers, t.obj, strict=True, last=True)
