"""CWE-120/787: copies (strcpy, memcpy, sprintf, ...) and copy wrappers bounded by their destination."""

from __future__ import annotations

import re

from tree_sitter import Node

from .c_alloc_fit import allocated_for_length
from .c_append_chain import chain_fits
from .c_append_check import checked_append
from .c_caller_pairs import callers_pair
from .c_caller_wrap import callers_hand_enough, callers_may_wrap, callers_room
from .c_capacity import capacity_fits
from .c_clamp import max_length
from .c_conditions import comparisons, holding_conditions, reaching_value
from .c_context import Ctx, keep
from .c_elements import elements_fit
from .c_found_length import found_within
from .c_guards import guarded_copy
from .c_index import index_safe
from .c_int_width import int_width
from .c_member_arrays import kept_members_said, member_array_max
from .c_member_base import member_base_held
from .c_member_object import member_type, plain_member_path
from .c_objects import elem_of, room, writable
from .c_pair_offset import pair_offset_fits
from .c_pair_write import checked_extent, paired_destination
from .c_paths import cannot_be_negative, upper_bound, upper_bound_of
from .c_provenance import definition_of
from .c_roomleft import at_string_end, room_left
from .c_sized import sized_for_source
from .c_sizeof import pointer_sizeof_length
from .c_spec import ALWAYS_UNBOUNDED, BYTE_FUNCS, COPY_FUNCS, READ_ONLY_ARGS, WIDE_COPIES
from .c_static_tail import static_tail
from .c_string_pair import string_fits_pair
from .c_strings import copies_terminator, max_len
from .c_symbolic_fit import fits_own_size
from .c_tree import (
    aliases_of,
    ancestors,
    call_args,
    callee_of,
    enclosing_function,
    field_key,
    func_name,
    idents,
    line_of,
    param_names,
    plain_definitions,
    pointer_base,
    pointer_bases,
    squash,
    strip_expr,
    stripped_text,
    text,
    walk,
)
from .c_values import (
    CONV,
    UNSIGNED,
    array_count,
    const_int,
    const_string,
    declared_in,
    declared_type,
    sizeof_own_array,
    writes_argument,
)
from .outcome import Outcome
from .values import Note


def copy_safe(ctx: Ctx, call: Node, side: str | None = None) -> list[Note] | Outcome:
    """A copy is safe when what it writes fits its destination, what it reads lies inside its
    source, and a string it leaves behind is terminated before it is used as one. A side that does not
    fit keeps it TRUE_POSITIVE, or NEEDS_REVIEW when checks before it bound that side (``c_guards``).
    ``side``: only the destination's part (``"dst"``: the write and the terminator it leaves) or only
    the source's (``"src"``: the read), for a question about one of the two objects."""
    got = _writes_fit(ctx, call) if side != "src" else []
    more = _reads_fit(ctx, call) if side != "dst" else []
    if side is None and not isinstance(got, Outcome) and not isinstance(more, Outcome):
        wild = _indexed_arguments(ctx, call)
        if wild is not None:  # `strcat(out, names[bit])`: the string read is one element of a table
            return wild
    if isinstance(got, Outcome) or isinstance(more, Outcome):
        return guarded_copy(ctx, call, got, more)  # TRUE_POSITIVE unless checks bound both sides
    term = _terminated(ctx, call) if side != "src" else []
    if isinstance(term, Outcome):
        return term
    return got + more + term


def _indexed_arguments(ctx: Ctx, call: Node) -> Outcome | None:
    """An element of an array of known length read in the call's arguments (``names[bit]``, not under
    ``&`` nor ``sizeof``) whose index is not shown inside it: what the call copies is then read from
    outside the array. None when every such index is inside."""
    from .c_index import index_safe

    func = enclosing_function(call)
    for arg in call_args(call):
        for sub in walk(arg):
            if sub.type != "subscript_expression" or _address_or_size(sub, arg):
                continue
            base = strip_expr(sub.child_by_field_name("argument") or sub)
            if base.type != "identifier" or array_count(ctx, text(base), func) is None:
                continue
            got = index_safe(ctx, sub)
            if isinstance(got, Outcome):
                return got
    return None


def _address_or_size(sub: Node, top: Node) -> bool:
    """``sub`` lies under ``&`` or ``sizeof`` within ``top`` (its address or size, not a read)."""
    cur: Node | None = sub.parent
    child = sub
    while cur is not None and child != top:
        if cur.type == "sizeof_expression" or (
            cur.type == "pointer_expression" and text(cur.child_by_field_name("operator")) == "&"
        ):
            return True
        child, cur = cur, cur.parent
    return False


_EXACT_READS = {"memcpy", "memmove", "wmemcpy", "wmemmove"}
_BOUNDED_READS = {"strncpy", "wcsncpy"}
_OOB_READ = "out-of-bounds read"


def _length(ctx: Ctx, call: Node) -> int | None:
    """The bytes a length-bounded copy moves (its constant length or checked upper bound)."""
    name = ctx.callee(call)
    args = call_args(call)
    _d, _s, n_i = COPY_FUNCS[name]
    if n_i < 0 or n_i >= len(args):
        return None
    func = enclosing_function(call)
    n = max_length(ctx, args[n_i], call, func)
    if n is None:
        bound = upper_bound(ctx, args[n_i], call, func)
        n = bound[0] if bound is not None and cannot_be_negative(ctx, args[n_i], call, func) else None
    if n is not None and name in WIDE_COPIES:
        n *= 4
    return n


def _reads_fit(ctx: Ctx, call: Node) -> list[Note] | Outcome:
    """memcpy-like calls read exactly their length from the source, strncpy up to its length or the
    source's terminator: that must lie inside the source."""
    name = ctx.callee(call)
    args = call_args(call)
    _d, s_i, n_i = COPY_FUNCS[name]
    if s_i < 0 or s_i >= len(args):
        return []
    func = enclosing_function(call)
    src = args[s_i]
    got = room(ctx, src, func)
    if got is not None and any(t.offset is not None and t.offset < 0 for t in got[1]):
        why = f"`{text(src)}` points before the start of `{got[1][0].obj}`"
        return keep(ctx, call, why, _OOB_READ)
    if name not in _EXACT_READS | _BOUNDED_READS:
        return []
    n = _length(ctx, call)
    if _measured(ctx, call, src):
        return []  # the read stays inside the string `src` holds
    found = found_within(ctx, call, src, args[n_i], func) if 0 <= n_i < len(args) else None
    if found is not None:
        return found
    if got is None and name in _EXACT_READS and 0 <= n_i < len(args):
        from .c_caller_pairs import pair_read_fits

        inside = pair_read_fits(ctx, call, src, args[n_i], func)
        if inside is not None:
            return [inside]
    if n is None and got is None and (name in _BOUNDED_READS or _paired(ctx, call, src, func)):
        return []  # as below: whatever the length, the read stays in a string or the caller's pair
    if n is None and got is not None and func is not None and name in _EXACT_READS and 0 <= n_i < len(args):
        from .c_fixed_fit import proven_at_most

        shown = proven_at_most(ctx, call, args[n_i], got[0], func)
        if shown is not None:
            why = (
                f"`{text(args[n_i])}` is at most {got[0]} here, as the code up to line {line_of(shown)} shows"
            )
            return [ctx.note(shown, f"{why} (`{text(src)}` holds {got[0]})", "guard")]
    if n is None:
        return keep(ctx, call, f"{name}() reads a length not bounded by `{text(src)}`", _OOB_READ)
    unit = 4 if name in WIDE_COPIES else 1
    if name in _BOUNDED_READS:
        longest = max_len(ctx, src, call, func)
        if longest is not None:
            n = min(n, (longest + 1) * unit)  # stops at the terminator
    if got is None:
        if name in _BOUNDED_READS or _paired(ctx, call, src, func) or _measured(ctx, call, src):
            return []  # a string read up to its terminator, or a (pointer, length) pair from the caller
        within = pair_offset_fits(ctx, call, src, n, func)
        if within is not None:
            return [within]
        handed = callers_hand_enough(ctx, src, n, func)
        if handed is not None:
            return [handed]
        why = f"{name}() reads {n} bytes from `{text(src)}`, whose size is not known here"
        return keep(ctx, call, why, _OOB_READ)
    if n > got[0]:
        why = f"{name}() reads {n} bytes from `{text(src)}`, which holds {got[0]}"
        return keep(ctx, call, why, _OOB_READ)
    return [ctx.note(src, f"reads at most {n} of the {got[0]} bytes of `{text(src)}`", "guard")]


def _measured(ctx: Ctx, call: Node, src: Node) -> bool:
    """The length is the source's own string length, or less: ``strlen(src)``, ``strlen(src) + 1``
    (the terminator too), times the size of its characters, ``strnlen(src, k)``, a local only ever
    set to ``strlen(src)`` (with ``src`` unchanged since), or a value a dominating check keeps at or
    below such a length (``if (n >= cap) memcpy(d, src, cap - 1)``): the read stays inside that
    string."""
    _d, _s, n_i = COPY_FUNCS[ctx.callee(call)]
    args = call_args(call)
    func = enclosing_function(call)
    if n_i >= len(args) or func is None:
        return False
    want = squash(text(strip_expr(src)))
    unit = 1 if ctx.callee(call) in WIDE_COPIES or ctx.callee(call).startswith(("str", "wcs")) else None
    return _within_string(ctx, args[n_i], want, call, func, unit=unit, depth=0)


def _within_string(
    ctx: Ctx, expr: Node, src: str, call: Node, func: Node, *, unit: int | None, depth: int
) -> bool:
    e = strip_expr(expr)
    if depth > 3:
        return False
    if (
        _is_measure(e, src)
        or _measure_local(ctx, e, src, call, func)
        or _measure_plus_one_local(ctx, e, src, call, func)
    ):
        return True
    if e.type == "binary_expression":
        op = text(e.child_by_field_name("operator"))
        left, right = e.child_by_field_name("left"), e.child_by_field_name("right")
        if left is None or right is None:
            return False
        if op == "+":  # the string and its terminator
            for a, b in ((left, right), (right, left)):
                if const_int(ctx, b, func) == 1 and (
                    _is_measure(strip_expr(a), src) or _measure_local(ctx, strip_expr(a), src, call, func)
                ):
                    return True
        if op == "*":  # characters times their size, in bytes
            width = unit if unit is not None else elem_of(ctx, src, func) if src.isidentifier() else None
            for a, b in ((left, right), (right, left)):
                if (
                    strip_expr(b).type == "sizeof_expression"
                    and width is not None
                    and const_int(ctx, b, func) == width
                ):
                    return _within_string(ctx, a, src, call, func, unit=1, depth=depth + 1)
        if op == "-" and (const_int(ctx, right, func) or -1) >= 0:
            return _within_string(ctx, left, src, call, func, unit=unit, depth=depth + 1)
    k = const_int(ctx, e, func)
    if k is not None and k > 0 and src.isidentifier():
        from .c_measured_index import measured_above

        if measured_above(ctx, src, k - 1, call, func) is not None:
            return True  # `if (strlen(p) < 16) return -1; memcpy(ts, p, 15);`
    # a dominating check keeps it at or below the length: `n >= cap` then `cap` (or `cap - 1`)
    for cond, truth, _w in holding_conditions(call):
        for var, op, other in comparisons(cond, truth):
            if op in {"<=", "<"} and squash(var) == squash(text(e)):
                o = strip_expr(other)
                if _is_measure(o, src) or _measure_local(ctx, o, src, call, func):
                    return True
    if depth == 0 and src.isidentifier():
        from .c_measure_bound import measure_bound

        first = measure_bound(ctx, e, src, call, func)  # `n = strlen(s); if (n >= K) n = K - 1;`
        return first is not None and _string_unchanged(ctx, func, src, first, call)
    return False


def _is_measure(e: Node, src: str) -> bool:
    return (
        e.type == "call_expression"
        and callee_of(e) in {"strlen", "strnlen", "wcslen", "wcsnlen"}
        and bool(call_args(e))
        and squash(text(strip_expr(call_args(e)[0]))) == src
    )


def _measure_local(ctx: Ctx, e: Node, src: str, call: Node, func: Node) -> bool:
    """A local whose every definition is ``strlen(src)``, with nothing between the last of them and
    ``call`` that may change the string (an unknown call, a store through a pointer to it)."""
    from .c_lengths import string_length_of

    if e.type != "identifier" or not src.isidentifier():
        return False
    first = string_length_of(func, text(e), {src})
    defs = plain_definitions(func, text(e)) or []
    if first is not None and defs:
        return _string_unchanged(ctx, func, src, defs[-1][0], call)
    # the variable is set to other things elsewhere: the definition that reaches the copy
    reaching = reaching_value(ctx, text(e), call, func)
    holder = reaching.parent if reaching is not None else None
    return (
        reaching is not None
        and holder is not None
        and _is_measure(strip_expr(reaching), src)
        and _string_unchanged(ctx, func, src, holder, call)
    )


def _measure_plus_one_local(ctx: Ctx, e: Node, src: str, call: Node, func: Node) -> bool:
    """A local defined once as ``strlen(src) + 1`` (the string and its terminator), with the string
    unchanged from there to ``call``."""
    if e.type != "identifier" or not src.isidentifier():
        return False
    defs = plain_definitions(func, text(e))
    if not defs or len(defs) != 1:
        return False
    v = strip_expr(defs[0][1])
    if v.type != "binary_expression" or text(v.child_by_field_name("operator")) != "+":
        return False
    left, right = v.child_by_field_name("left"), v.child_by_field_name("right")
    if left is None or right is None:
        return False
    measured = any(
        const_int(ctx, b, func) == 1 and _is_measure(strip_expr(a), src)
        for a, b in ((left, right), (right, left))
    )
    return measured and _string_unchanged(ctx, func, src, defs[0][0], call)


def _string_unchanged(ctx: Ctx, func: Node, src: str, last: Node, call: Node) -> bool:
    """Nothing between ``last`` and ``call`` may change the string ``src`` points to (a call that
    writes it, a store through a pointer to it), and ``last`` runs before ``call``."""
    from .c_callers import keeps_value, quiet_between

    if last.end_byte > call.start_byte:
        return False
    if not keeps_value(func, src, (last.end_byte, call.start_byte)):
        return False  # `line++` or `line = other` between: the copy reads another place
    if _may_release(func, src, (last.end_byte, call.start_byte)):
        return False  # `realloc(sb->data, n)` between: `src` may have pointed into what it freed
    names = aliases_of(func, src)
    return not any(
        x.type == "call_expression" and any(writes_argument(x, name) for name in names)
        for x in walk(func)
        if last.end_byte <= x.start_byte and x.end_byte <= call.start_byte
    ) and quiet_between(ctx, func, (last.end_byte, call.start_byte), _all_but(func, names))


_RELEASES = frozenset({"free", "realloc", "reallocarray"})


def _may_release(func: Node, src: str, span: tuple[int, int]) -> bool:
    """A call within ``span`` frees or moves memory that ``src`` may point into: the pointer it
    releases is not a local of ``func`` (a parameter, a member, a variable of the file) or is ``src``
    itself."""
    params = set(param_names(func))
    for n in walk(func):
        if n.end_byte <= span[0] or n.start_byte >= span[1] or n.type != "call_expression":
            continue
        if callee_of(n) not in _RELEASES or not call_args(n):
            continue
        freed = strip_expr(call_args(n)[0])
        if freed.type != "identifier" or text(freed) in aliases_of(func, src) | {src} | params:
            return True
        if not declared_in(func, text(freed)):
            return True
    return False


def _all_but(func: Node, names: set[str]) -> set[str]:
    """Every variable of ``func`` other than ``names``: stores through them do not touch the string."""
    return {text(n) for n in walk(func) if n.type == "identifier"} - names


def _paired(ctx: Ctx, call: Node, src: Node, func: Node | None) -> bool:
    """The source is a pointer parameter, from its start, and the length is another parameter (or a
    local holding it, or it clamped lower): ``f(p, n)`` copying ``n`` bytes of ``p``: how many bytes
    ``p`` holds is the callers' contract. A length read out of memory (``n = p[0]``), grown
    (``n + 10``) or a source at an offset (``p + 20``) is no such pair."""
    if func is None:
        return False
    params = set(param_names(func))
    _d, _s, n_i = COPY_FUNCS[ctx.callee(call)]
    args = call_args(call)
    s = strip_expr(src)
    if s.type != "identifier" or text(s) not in params or n_i >= len(args):
        return False
    from .c_callers import unchanged_until

    if not unchanged_until(func, text(s), call):
        return False
    length = strip_expr(args[n_i])
    if callers_may_wrap(ctx, func, length):
        return False  # a caller's length may have wrapped below zero: the pair is not what it claims
    if not callers_pair(ctx, func, text(s), length):
        return False  # a visible caller hands a length not shown to fit what its pointer points into
    if length.type == "binary_expression" and text(length.child_by_field_name("operator")) == "*":
        # `n * sizeof(T)` with T the size of what the source points to: n elements of the pair
        left, right = length.child_by_field_name("left"), length.child_by_field_name("right")
        for count, size in ((left, right), (right, left)):
            if count is not None and size is not None and _sizeof_pointee(ctx, size, text(s), func):
                return _caller_length(ctx, count, func, params - {text(s)}, 0, at=call)
        return False
    return _caller_length(ctx, length, func, params - {text(s)}, 0, at=call)


def _sizeof_pointee(ctx: Ctx, size: Node, pointer: str, func: Node) -> bool:
    """``size`` is ``sizeof`` of what ``pointer`` points to (its declared pointee type, or as many
    bytes)."""
    e = strip_expr(size)
    if e.type != "sizeof_expression":
        return False
    declared = declared_type(pointer, func, ctx.parsed.tree.root_node) or ""
    pointee = " ".join(declared.replace("const", " ").replace("*", " ").split())
    typ = e.child_by_field_name("type") or e.child_by_field_name("value")  # `(T)` of a typedef not seen
    named = " ".join(text(typ).strip("() ").replace("const", " ").split()) if typ is not None else ""
    if pointee and named in {pointee, f"*{pointer}", f"{pointer}[0]"}:
        return True
    elem = elem_of(ctx, pointer, func)
    return elem is not None and const_int(ctx, e, func) == elem


def _caller_length(ctx: Ctx, expr: Node, func: Node, params: set[str], depth: int, *, at: Node) -> bool:
    """``expr`` is never more than a length parameter's value: the parameter itself (unchanged
    before ``at``), a local whose every definition is such a length, or ``n > K ? K : n`` (and its
    mirror forms)."""
    from .c_callers import keeps_value, unchanged_until

    e = strip_expr(expr)
    if depth > 3:
        return False
    if e.type == "identifier":
        name = text(e)
        if name in params:
            return unchanged_until(func, name, at) or keeps_value(func, name) or _only_lowered(func, name)
        defs = plain_definitions(func, name)
        return bool(defs) and all(
            _caller_length(ctx, v, func, params, depth + 1, at=at) for _n, v in defs or []
        )
    if e.type == "conditional_expression":
        cond = e.child_by_field_name("condition")
        cons, alt = e.child_by_field_name("consequence"), e.child_by_field_name("alternative")
        if cond is None or cons is None or alt is None:
            return False
        for arm, other, truth in ((cons, alt, True), (alt, cons, False)):
            # `arm` is taken only when the length in `other` is at least `arm`
            if _caller_length(ctx, other, func, params, depth + 1, at=at) and any(
                squash(var) == squash(text(strip_expr(other)))
                and op in {">", ">="}
                and squash(text(strip_expr(k))) == squash(text(strip_expr(arm)))
                for var, op, k in comparisons(cond, truth)
            ):
                return True
        return False
    return False


def _only_lowered(func: Node, name: str) -> bool:
    """Every change of ``name`` is ``name = K`` (or ``K - c``) under a check that ``name`` is at least
    ``K`` (``if (n > sizeof b) n = sizeof b;``, ``if (n >= dstsz) n = dstsz - 1;``): it only ever gets
    smaller than the value it was given."""
    for n in walk(func):
        if n.type == "update_expression" and squash(text(n.child_by_field_name("argument") or n)) == name:
            return False
        if (
            n.type == "pointer_expression"
            and text(n.child_by_field_name("operator")) == "&"
            and squash(text(n.child_by_field_name("argument") or n)) == name
        ):
            return False
        if n.type != "assignment_expression" or squash(text(n.child_by_field_name("left") or n)) != name:
            continue
        right = n.child_by_field_name("right")
        if text(n.child_by_field_name("operator")) != "=" or right is None:
            return False
        if not any(
            squash(var) == name
            and op in {">", ">="}
            and _at_most(squash(text(strip_expr(right))), squash(text(strip_expr(k))))
            for cond, truth, _w in holding_conditions(n)
            for var, op, k in comparisons(cond, truth)
        ):
            return False
    return True


def _at_most(value: str, bound: str) -> bool:
    """``value`` is ``bound`` or ``bound - c`` (a non-negative constant), spelled squashed: set
    under ``name >= bound`` it is no more than the value it replaces."""
    return value == bound or re.fullmatch(re.escape(bound) + r"-\d+", value) is not None


_TERMINATES = re.compile(r"^(0|'\\0'|L'\\0'|'\\x0*0')$")


def _terminated(ctx: Ctx, call: Node) -> list[Note] | Outcome:
    """``memcpy``/``strncpy`` of a string may leave the destination without its terminator; when
    it is then used as a string, it must have been terminated in between."""
    name = ctx.callee(call)
    if name not in {"memcpy", "memmove", "strncpy", "wmemcpy", "wmemmove", "wcsncpy"}:
        return []
    args = call_args(call)
    func = enclosing_function(call)
    if len(args) < 3 or func is None:
        return []
    dst, src, n = args[0], args[1], args[2]
    d = strip_expr(dst)
    member = d.type == "field_expression"
    base = text(d.child_by_field_name("field") or d) if member else pointer_base(dst)
    root = ctx.parsed.tree.root_node
    typ = declared_type(base, None if member else func, root) if base else None
    if not base or typ is None or "char" not in typ:
        return []  # not a string buffer
    if copies_terminator(ctx, call, src, n, func):
        return []
    kept = static_tail(ctx, call, dst, func) if not member else None
    if kept is not None:
        return [kept]
    names = {field_key(base)} if member else aliases_of(func, base)
    for node in walk(func):
        if node.start_byte <= call.end_byte:
            continue
        if node.type == "assignment_expression" and _terminates_string(node, names, member=member):
            return [
                ctx.note(node, f"`{text(node.child_by_field_name('left'))}` terminates the string", "guard")
            ]
        if node.type == "call_expression" and ctx.callee(node) not in BYTE_FUNCS:
            used = [a for a in call_args(node) if pointer_base(a) in names]
            if used:
                return keep(
                    ctx,
                    call,
                    f"{name}() may leave `{text(dst)}` without its terminator, and line "
                    f"{node.start_point[0] + 1} uses it as a string ({ctx.callee(node)}())",
                    "unterminated string",
                )
    zeroed = _zeroed_tail(ctx, call, dst, n, func)
    if zeroed is not None:
        return [zeroed]
    if name in {"strncpy", "wcsncpy"} and (
        member or base in param_names(func) or not declared_in(func, base)
    ):
        # the buffer outlives this function: its callers, or other functions, may read it as a string
        where = "a struct member" if member else "a parameter's" if base in param_names(func) else "a global"
        return keep(
            ctx,
            call,
            f"{name}() may leave `{text(dst)}` without its terminator (the source may fill all {text(n)} "
            f"bytes), nothing after it in {func_name(func)}() terminates it, and it is {where} buffer "
            "other code may read as a string",
            "unterminated string",
        )
    return []


def _zeroed_tail(ctx: Ctx, call: Node, dst: Node, n: Node, func: Node) -> Note | None:
    """The copy leaves the destination's last byte alone (``sizeof(dst) - 1`` bytes or fewer) and a
    ``memset(.., 0, ..)`` of the whole destination (or of the struct holding it) ran just before:
    that byte is still a terminator."""
    size = writable(ctx, strip_expr(dst), func)
    most = max_length(ctx, n, call, func)
    if size is None or most is None or most >= size:
        return None
    d = strip_expr(dst)
    holders = {squash(text(d))}
    if d.type == "field_expression":
        holder = strip_expr(d.child_by_field_name("argument") or d)
        op = text(d.child_by_field_name("operator"))
        holders.add(squash(text(holder)) if op == "->" else "&" + squash(text(holder)))
    zeroed = _calloc_holder(ctx, call, d, func)
    if zeroed is not None:
        return zeroed
    for node in walk(func):
        if node.type != "call_expression" or node.end_byte > call.start_byte or ctx.callee(node) != "memset":
            continue
        args = call_args(node)
        if (
            len(args) < 3
            or const_int(ctx, args[1], func) != 0
            or squash(text(strip_expr(args[0]))) not in holders
        ):
            continue
        h = squash(text(strip_expr(args[0]))).lstrip("&")
        whole = {f"sizeof(*{h})", f"sizeof*{h}", f"sizeof({h})", f"sizeof{h}", f"sizeof(*({h}))"}
        count = const_int(ctx, args[2], func)
        target = writable(ctx, strip_expr(args[0]), func)
        if squash(text(args[2])) not in whole and (count is None or target is None or count < target):
            continue
        from .c_conditions import runs_before

        if runs_before(ctx, node, call) and quiet_between_writes(ctx, func, node, call, holders):
            return ctx.note(
                node, f"`{text(args[0])}` is zeroed before, and the copy leaves its last byte", "guard"
            )
    return None


_NO_WRITES = frozenset({"strlen", "strcmp", "printf", "fprintf", "puts"})


def _calloc_holder(ctx: Ctx, call: Node, d: Node, func: Node) -> Note | None:
    """``p->buf`` where ``p``'s one definition before the copy is ``calloc(...)`` (all bytes zero),
    with no call or store into it in between."""
    from .c_conditions import runs_before

    if d.type != "field_expression" or text(d.child_by_field_name("operator")) != "->":
        return None
    holder = strip_expr(d.child_by_field_name("argument") or d)
    if holder.type != "identifier":
        return None
    defs = [x for x in plain_definitions(func, text(holder)) or [] if x[0].end_byte <= call.start_byte]
    if not defs:
        return None
    node, value = defs[-1]
    v = strip_expr(value)
    if v.type != "call_expression" or ctx.callee(v) != "calloc" or not runs_before(ctx, node, call):
        return None
    if not quiet_between_writes(ctx, func, node, call, {text(holder)}):
        return None
    return ctx.note(
        v, f"`{text(holder)}` comes from calloc() (all zero), and the copy leaves its last byte", "guard"
    )


def quiet_between_writes(ctx: Ctx, func: Node, start: Node, end: Node, holders: set[str]) -> bool:
    """Nothing between ``start`` and ``end`` reassigns the holders' base variables."""
    names = {h.lstrip("&").split("->")[0].split(".")[0] for h in holders}
    for node in walk(func):
        if node.start_byte < start.end_byte or node.end_byte > end.start_byte:
            continue
        if node.type in {"assignment_expression", "update_expression"}:
            target = node.child_by_field_name("left") or node.child_by_field_name("argument")
            if target is not None and text(strip_expr(target)) in names:
                return False
        if node.type == "call_expression" and node.id != end.id and ctx.callee(node) not in _NO_WRITES:
            return False  # a call in between may write the zeroed bytes
    return True


def _terminates_string(assign: Node, names: set[str], *, member: bool = False) -> bool:
    left = assign.child_by_field_name("left")
    right = assign.child_by_field_name("right")
    if left is None or right is None or text(assign.child_by_field_name("operator")) != "=":
        return False
    lhs = strip_expr(left)
    if lhs.type == "subscript_expression" or (
        lhs.type == "pointer_expression" and text(lhs.child_by_field_name("operator")) == "*"
    ):
        base = lhs.child_by_field_name("argument")
    else:
        return False
    held = (
        pointer_bases(base, fields=True)
        if base is not None and member
        else {pointer_base(base)}
        if base
        else set()
    )
    return bool(held & names) and bool(_TERMINATES.match(squash(text(right))))


def _sizeof_own_type(ctx: Ctx, n: Node, dst: Node, func: Node | None) -> bool:
    """``memcpy(&x, src, sizeof(x))`` or ``sizeof(T)`` where ``x`` is declared of type ``T``; ``x`` may
    be a plain member (``&st->hdr``, no index on the way)."""
    d = strip_expr(dst)
    if d.type != "pointer_expression" or text(d.child_by_field_name("operator")) != "&":
        return False
    target = strip_expr(d.child_by_field_name("argument") or d)
    e = strip_expr(n)
    if e.type != "sizeof_expression":
        return False
    if plain_member_path(target):  # `fread(&st->hdr, sizeof st->hdr, 1, fp)`
        declared = member_type(ctx, text(target.child_by_field_name("field") or target))
    elif target.type == "identifier":
        declared = declared_type(text(target), func, ctx.parsed.tree.root_node)
    else:
        return False
    value, typ = e.child_by_field_name("value"), e.child_by_field_name("type")
    own = declared is not None and not declared.endswith("*")
    if value is not None:  # sizeof(x), or sizeof(T) parsed as an expression when T is a typedef
        named = squash(text(strip_expr(value)))
        return named == squash(text(target)) or (own and named == declared)
    return typ is not None and own and " ".join(text(typ).split()) == declared


def _writes_fit(ctx: Ctx, call: Node) -> list[Note] | Outcome:
    name = ctx.callee(call)
    args = call_args(call)
    func = enclosing_function(call)
    if name in ALWAYS_UNBOUNDED:
        return keep(ctx, call, f"{name}() cannot bound what it writes")
    d_i, s_i, n_i = COPY_FUNCS[name]
    if d_i >= len(args):
        return keep(ctx, call, f"{name}() call not understood")
    dst = strip_expr(args[d_i])
    held = member_base_held(ctx, dst, call, func, index_safe)
    if held is not None:
        return held
    size = writable(ctx, dst, func)
    sink = ctx.note(call, f"{name}() writes into `{text(dst)}`", "sink")
    handed = callers_room(ctx, dst, func) if size is None else None
    if handed is not None:  # a parameter: the least any visible call hands it
        size = handed[0]
        sink = ctx.note(call, f"{name}() writes into `{text(dst)}`; {handed[1].why}", "sink")
    if name in {"strcpy", "wcscpy", "stpcpy"}:
        src = const_string(ctx, args[s_i], func) if s_i < len(args) else None
        unit = 4 if name in WIDE_COPIES else 1  # wcscpy writes 4 bytes per character
        if src is not None and size is not None and (len(src[0]) + 1) * unit <= size:
            wide = f" ({(len(src[0]) + 1) * unit} bytes with its terminator)" if unit > 1 else ""
            return [
                sink,
                ctx.note(
                    src[1],
                    f"source is a {len(src[0])}-character literal{wide}; `{text(dst)}` holds {size}",
                    "constant",
                ),
            ]
        longest = known_len(ctx, args[s_i], call, func) if src is None and s_i < len(args) else None
        if longest is not None and size is not None and (longest + 1) * unit <= size:
            return [
                sink,
                ctx.note(
                    call,
                    f"`{text(args[s_i])}` holds at most {longest} characters here; "
                    f"`{text(dst)}` holds {size} bytes{kept_members_said(ctx, args[s_i : s_i + 1])}",
                    "guard",
                ),
            ]
        if src is None and size is not None and s_i < len(args):
            bound = checked_length(ctx, args[s_i], call, func)
            if bound is not None and bound[0] + 1 <= size:
                return [
                    sink,
                    ctx.note(
                        bound[1],
                        f"the length of `{text(args[s_i])}` is checked to be at most {bound[0]} "
                        f"(`{text(dst)}` holds {size})",
                        "guard",
                    ),
                ]
        sized = sized_for_source(ctx, call, func)
        if sized is not None:
            return [sink, sized]
        own = fits_own_size(ctx, call, args[s_i], dst, func) if s_i < len(args) and unit == 1 else None
        own = own or (chain_fits(ctx, call, func) if name == "strcpy" else None)
        if own is not None:
            return [sink, own]
        if src is not None and func is not None:
            checked = checked_extent(ctx, call, dst, ({}, (len(src[0]) + 1) * unit), func)
            if checked is not None:
                return [sink, checked]
        in_pair = string_fits_pair(ctx, call, dst, args[s_i], func) if unit == 1 and s_i < len(args) else None
        if (
            in_pair is not None
            and func is not None
            and _string_unchanged(ctx, func, squash(stripped_text(args[s_i])), in_pair[1], call)
        ):
            return [sink, in_pair[0]]
        return keep(ctx, call, f"{name}() copies a source not known to fit `{text(dst)}`")
    if name in {"sprintf", "vsprintf"}:
        fmt = const_string(ctx, args[1], func) if len(args) > 1 else None
        if fmt is not None and size is None and func is not None and name == "sprintf":
            from .c_fixed_fit import output_at_offset_fits

            longest = printf_max(ctx, fmt[0], args[2:], func, call)
            placed = output_at_offset_fits(ctx, call, dst, longest + 1, func) if longest is not None else None
            if placed is not None:  # `sprintf(hex + 2 * i, "%02x", b[i])` in a loop `i < n`, `n <= 16`
                return [sink, placed]
        if fmt is None or size is None:
            return keep(ctx, call, f"{name}() output is not bounded")
        longest = printf_max(ctx, fmt[0], args[2:], func, call)
        if longest is not None and longest + 1 <= size:
            return [
                sink,
                ctx.note(
                    call,
                    f"longest output is {longest} characters; `{text(dst)}` holds {size}"
                    f"{kept_members_said(ctx, args[2:])}",
                    "guard",
                ),
            ]
        return keep(ctx, call, f"{name}() output may exceed `{text(dst)}`")
    if name == "strncat" and n_i < len(args):
        d = squash(text(dst))
        n_text = squash(text(args[n_i])).replace(f"sizeof({d})", f"sizeof{d}")
        room = {f"sizeof{d}-strlen({d})-1", f"sizeof{d}-1-strlen({d})", f"sizeof{d}-(strlen({d})+1)"}
        if n_text in room:
            return [
                sink,
                ctx.note(args[n_i], f"appends at most the room left in `{text(dst)}`", "guard"),
            ]
    if name in {"strcat", "strncat", "wcscat", "wcsncat"} and size is not None and s_i < len(args):
        have = max_len(ctx, dst, call, func)
        add = known_len(ctx, args[s_i], call, func)
        if name in {"strncat", "wcsncat"} and n_i < len(args):
            cap = max_length(ctx, args[n_i], call, func)
            add = min(x for x in (add, cap) if x is not None) if add is not None or cap is not None else None
        unit = 4 if name in WIDE_COPIES else 1
        if have is not None and add is not None and (have + add + 1) * unit <= size:
            return [
                sink,
                ctx.note(
                    call,
                    f"`{text(dst)}` holds at most {have} characters and {add} are appended; "
                    f"it holds {size} bytes",
                    "guard",
                ),
            ]
    if name in {"strncat", "wcsncat"} and n_i < len(args) and at_string_end(ctx, call, dst, func):
        # appending to the empty string at the end of another: at most n characters and a terminator
        unit = 4 if name in WIDE_COPIES else 1
        after = room_left(ctx, call, dst, args[n_i], unit=unit, func=func, extra=1)
        if after is not None:
            return after
    if name == "strcat" and size is not None and s_i < len(args):
        checked = checked_append(ctx, call, dst, args[s_i], size=size, func=func)
        if checked is not None:
            return [sink, checked]
    chained = chain_fits(ctx, call, func) if name == "strcat" else None
    if chained is not None:
        return [sink, chained]
    if name in {"strcat", "strncat", "wcscat", "wcsncat"}:
        return keep(ctx, call, f"{name}() appends to a string of unknown length")
    if n_i < 0 or n_i >= len(args):
        return keep(ctx, call, f"{name}() call not understood")
    n = args[n_i]
    if name == "fread" and len(args) >= 3:
        a, b = const_int(ctx, args[1], func), const_int(ctx, args[2], func)
        if a is not None and b is not None and size is not None and a * b <= size:
            return [sink, ctx.note(call, f"reads at most {a * b} bytes; `{text(dst)}` holds {size}", "guard")]
        if a == 1 or b == 1:
            n = args[2] if a == 1 else args[1]  # items of one byte (or one item): at most that many bytes
        else:
            return keep(ctx, call, f"{name}() may read more than `{text(dst)}` holds")
    # wide copies count wchar_t (4 bytes), not bytes: sizeof(dst) does not bound them
    if name not in WIDE_COPIES and sizeof_own_array(ctx, n, dst, func):
        return [sink, ctx.note(n, f"length is bounded by sizeof({text(dst)})", "guard")]
    if _sizeof_own_type(ctx, n, dst, func):
        return [sink, ctx.note(n, f"length is the size of the object `{text(dst)}` points to", "guard")]
    pointer_size = pointer_sizeof_length(ctx, call, n)
    if pointer_size is not None:
        if name in {"strncpy", "wcsncpy"}:
            pointer_size += (
                f", and {name}() then leaves `{text(dst)}` without a terminator when the source is longer"
            )
        return keep(ctx, call, pointer_size, "sizeof of a pointer")
    value = const_int(ctx, n, func)
    if value is None:
        value = max_length(ctx, n, call, func)
    if value is not None and name in WIDE_COPIES:
        value *= 4
    if value is not None and size is not None and value <= size:
        return [sink, ctx.note(n, f"length {value} fits `{text(dst)}` ({size} bytes)", "constant")]
    if size is not None:
        bound = upper_bound(ctx, n, call, func)
        if bound is not None and not cannot_be_negative(ctx, n, call, func):
            bound = None  # a negative signed length converts to a huge size_t
        if bound is not None and bound[0] <= size:
            return [
                sink,
                ctx.note(
                    bound[1],
                    f"`{text(n)}` is checked to be at most {bound[0]} (buffer holds {size})",
                    "guard",
                ),
            ]
    if size is not None and func is not None and name not in WIDE_COPIES:
        from .c_fixed_fit import proven_at_most

        shown = proven_at_most(ctx, call, n, size, func)
        if shown is not None:
            why = f"`{text(n)}` is at most {size} here, as the code up to line {line_of(shown)} shows"
            return [sink, ctx.note(shown, f"{why} (`{text(dst)}` holds {size})", "guard")]
    after = room_left(ctx, call, dst, n, unit=4 if name in WIDE_COPIES else 1, func=func)
    if after is not None:
        return after
    counted = elements_fit(ctx, call, dst, n, func) if name not in WIDE_COPIES else None
    if counted is not None:
        return [sink, *counted]
    fitted = allocated_for_length(ctx, call, dst, n, func) if name not in WIDE_COPIES else None
    if fitted is not None:
        return [sink, fitted]
    paired = paired_destination(ctx, call, dst, n, func) if name not in WIDE_COPIES else None
    if paired is not None:
        return [sink, paired]
    grown = capacity_fits(ctx, call, dst, n, func) if name not in WIDE_COPIES else None
    if grown is not None:
        return [sink, grown]
    if name not in WIDE_COPIES:
        from .c_caller_pairs import pair_read_fits

        inside = pair_read_fits(ctx, call, dst, n, func, verb="written")  # `f(dst, src, dsize)`
        if inside is not None:
            return [sink, inside]
    return keep(ctx, call, f"length `{text(n)}` of {name}() is not bounded by `{text(dst)}`")


def copy_wrapper(ctx: Ctx, call: Node) -> tuple[Ctx, Node, list[tuple[Node, int, int | None]]] | None:
    """A workspace function copying into one of its parameters: [(inner copy, dst param, bounding param)]."""
    found = definition_of(ctx, call)
    if found is None:
        return None
    octx, func = found
    params = param_names(func)
    copies: list[tuple[Node, int, int | None]] = []
    for inner in walk(func):
        if inner.type != "call_expression" or ctx.callee(inner) not in COPY_FUNCS:
            continue
        d_i, _s_i, n_i = COPY_FUNCS[ctx.callee(inner)]
        iargs = call_args(inner)
        if d_i >= len(iargs) or text(strip_expr(iargs[d_i])) not in params:
            continue
        dst_param = params.index(text(strip_expr(iargs[d_i])))
        bound: int | None = None
        if 0 <= n_i < len(iargs) and ctx.callee(inner) not in {"strncat"}:
            length = iargs[n_i]
            named = [params.index(x) for x in idents(length) if x in params]
            if (
                named
                and strip_expr(length).type in {"identifier", "binary_expression"}
                and text(length).find("+") < 0
            ):
                bound = named[0]
            else:
                for cond, truth, _where in holding_conditions(inner):
                    for var, op, other in comparisons(cond, truth):
                        # length is var (or var + 1 when var < bound)
                        if (
                            var in idents(length)
                            and op in {"<", "<="}
                            and strip_expr(other).type == "identifier"
                            and text(strip_expr(other)) in params
                            and (op == "<" or text(strip_expr(length)) == var)
                        ):
                            bound = params.index(text(strip_expr(other)))
        copies.append((inner, dst_param, bound))
    return (octx, func, copies) if copies else None


def wrapper_copy_safe(ctx: Ctx, call: Node, *, back_followed: bool = True) -> list[Note] | Outcome:
    """The copies a wrapper makes into its parameters, judged with this call's arguments, when they
    are all it does with those parameters. ``back_followed``: a parameter the wrapper returns comes
    back where the caller's judgement follows it (or what it comes back to is not this judgement's
    concern)."""
    found = copy_wrapper(ctx, call)
    if found is None:
        return keep(ctx, call, f"{ctx.callee(call)}() writes without a known bound")
    octx, wrapper, copies = found
    args = call_args(call)
    func = enclosing_function(call)
    odd = _other_writes(octx, wrapper, copies, used=not back_followed and _result_used(call))
    if odd is not None:
        return keep(ctx, call, f"{ctx.callee(call)}() {odd}")
    notes = [ctx.note(call, f"{ctx.callee(call)}() copies into its argument", "sink")]
    for inner, dst_param, bound in copies:
        if dst_param >= len(args):
            return keep(ctx, call, f"{ctx.callee(call)}() call not understood")
        dst = strip_expr(args[dst_param])
        if bound is None:
            # unbounded inside: judge it as that copy with this call's arguments
            if ctx.callee(inner) in {"strcpy", "stpcpy", "wcscpy"}:
                params = param_names(enclosing_function(inner) or inner)
                src_node = call_args(inner)[1] if len(call_args(inner)) > 1 else None
                src_name = text(strip_expr(src_node)) if src_node is not None else ""
                own = (
                    const_string(octx, src_node, enclosing_function(inner)) if src_node is not None else None
                )
                if own is not None or (src_name in params and params.index(src_name) < len(args)):
                    src = own if own is not None else const_string(ctx, args[params.index(src_name)], func)
                    unit = 4 if ctx.callee(inner) == "wcscpy" else 1
                    size = writable(ctx, dst, func)
                    if src is not None and size is not None and (len(src[0]) + 1) * unit <= size:
                        notes.append(
                            ctx.note(
                                call,
                                f"copies a {len(src[0])}-character literal into {size} bytes",
                                "constant",
                            )
                        )
                        continue
            appended = _appends_literal(ctx, octx, call, inner, dst, writes=len(copies))
            if appended is not None:
                notes.append(appended)
                continue
            bound_here = _with_this_call(ctx, octx, call, inner, dst_param)
            if bound_here is not None:
                notes.extend(bound_here)
                continue
            return keep(
                ctx,
                call,
                f"{ctx.callee(call)}() copies into `{text(dst)}` without a bound "
                f"({octx.path}:{line_of(inner)})",
            )
        if bound >= len(args):
            return keep(ctx, call, f"{ctx.callee(call)}() call not understood")
        cap = args[bound]
        size = writable(ctx, dst, func)
        value = const_int(ctx, cap, func)
        if (ctx.callee(inner) not in WIDE_COPIES and sizeof_own_array(ctx, cap, dst, func)) or (
            value is not None and size is not None and value <= size
        ):
            notes.append(
                ctx.note(
                    call,
                    f"bounded by `{text(cap)}`, the size of `{text(dst)}` ({octx.path}:{line_of(inner)})",
                    "guard",
                )
            )
            continue
        return keep(
            ctx,
            call,
            f"the bound `{text(cap)}` passed to {ctx.callee(call)}() is not the size of `{text(dst)}`",
        )
    return notes


def _other_writes(
    ctx: Ctx, wrapper: Node, copies: list[tuple[Node, int, int | None]], *, used: bool
) -> str | None:
    """Why the wrapper's copies are not all it does with the parameters it copies into (None when
    they are): the parameter is moved, kept in a variable of the file or a field, returned to a
    caller that uses the value, written through otherwise, handed to a function other than a known
    library one, or appended to in a loop (each round adds to the string)."""
    from .c_callers import keeps_value

    params = param_names(wrapper)
    known = {c.id for c, _d, _b in copies}
    for _inner, d, _b in copies:
        p = params[d]
        if not keeps_value(wrapper, p):
            return f"moves its parameter `{p}` before copying into it"
        held = aliases_of(wrapper, p)
        if any(not x.isidentifier() or not declared_in(wrapper, x) for x in held):
            return f"keeps a pointer from `{p}` where other code may write through it"
        for n in walk(wrapper):
            if (
                n.type == "return_statement"
                and n.named_children
                and pointer_bases(n.named_children[0]) & held
            ):
                if used:
                    return f"hands `{p}` back to a caller that keeps it"
            elif n.type in {"assignment_expression", "update_expression"}:
                target = n.child_by_field_name("left") or n.child_by_field_name("argument")
                lhs = strip_expr(target) if target is not None else None
                if (
                    lhs is not None
                    and lhs.type in {"subscript_expression", "pointer_expression"}
                    and pointer_base(lhs.child_by_field_name("argument") or lhs) in held
                    and not _below_bound(
                        ctx, lhs, wrapper, {params[b] for _c, dd, b in copies if dd == d and b is not None}
                    )
                ):
                    return f"also writes through `{p}` at line {line_of(n)}"
            elif n.type == "call_expression" and any(pointer_base(a) in held for a in call_args(n)):
                name = ctx.callee(n)
                if n.id in known:
                    if name in _APPENDS and any(
                        c.type in {"for_statement", "while_statement", "do_statement"}
                        for c in ancestors(n, wrapper)
                    ):
                        return f"appends to `{p}` in a loop (line {line_of(n)})"
                    continue
                if name in READ_ONLY_ARGS or name in _PRINTS:
                    continue
                if not any(pointer_base(a) in held for a in call_args(n)[:1]) and name in COPY_FUNCS:
                    continue  # read as a copy's source
                return f"hands `{p}` to {name or 'a call'}() at line {line_of(n)}"
    return None


def _below_bound(ctx: Ctx, lhs: Node, wrapper: Node, bounds: set[str]) -> bool:
    """``p[B - k]`` (``k >= 1``) with ``B`` a parameter that bounds the wrapper's copies into ``p``
    (the room each call hands it, checked against the destination for every call): inside it."""
    from .c_callers import keeps_value

    if lhs.type != "subscript_expression" or text(
        lhs.child_by_field_name("argument") or lhs
    ) not in param_names(wrapper):
        return False
    index = strip_expr(lhs.child_by_field_name("index") or lhs)
    if index.type != "binary_expression" or text(index.child_by_field_name("operator")) != "-":
        return False
    left, right = index.child_by_field_name("left"), index.child_by_field_name("right")
    k = const_int(ctx, right, wrapper)
    b = text(strip_expr(left)) if left is not None else ""
    if k is None or k < 1 or b not in bounds or not keeps_value(wrapper, b):
        return False
    # and B is at least k here (B - k never wraps below the start)
    root = ctx.parsed.tree.root_node
    for cond, truth, _w in holding_conditions(lhs):
        for var, op, other in comparisons(cond, truth):
            v = const_int(ctx, other, wrapper)
            if (
                squash(var) == b
                and v is not None
                and (
                    (op == ">=" and v >= k)
                    or (op == ">" and v >= k - 1)
                    or (
                        op == "!="
                        and v == 0
                        and k == 1
                        and bool(UNSIGNED.search(declared_type(b, wrapper, root) or ""))
                    )
                )
            ):
                return True
    return False


_APPENDS = frozenset({"strcat", "strncat", "wcscat", "wcsncat"})
_PRINTS = frozenset({"printf", "puts", "fputs", "fprintf", "wprintf", "printLine", "printWLine"})


def _result_used(call: Node) -> bool:
    cur = call.parent
    while cur is not None and cur.type in {"parenthesized_expression", "cast_expression"}:
        cur = cur.parent
    return cur is not None and cur.type != "expression_statement"


def _with_this_call(ctx: Ctx, octx: Ctx, call: Node, inner: Node, dst_param: int) -> list[Note] | None:
    """The wrapper's copy into its parameter judged with the bytes this call hands it (``dst``'s room
    here), everything else as the wrapper's own code shows it: notes when it fits."""
    wrapper = enclosing_function(inner)
    args = call_args(call)
    if wrapper is None or dst_param >= len(args):
        return None
    params = param_names(wrapper)
    space = writable(ctx, strip_expr(args[dst_param]), enclosing_function(call))
    if space is None or dst_param >= len(params):
        return None
    bound = Ctx(
        octx.finding, octx.parsed, octx.index, octx.macros, {**octx.bindings, params[dst_param]: space}
    )
    got = copy_safe(bound, inner)
    if isinstance(got, Outcome):
        return None
    why = f"{ctx.callee(call)}() writes into the {space} bytes `{text(args[dst_param])}` has here"
    return [ctx.note(call, why, "guard"), *got[1:2]]


def _appends_literal(ctx: Ctx, octx: Ctx, call: Node, inner: Node, dst: Node, *, writes: int) -> Note | None:
    """A wrapper whose one write into its parameter is ``strcat(p, "literal")``, with nothing in it
    writing memory before that but its own arrays: the string ``dst`` holds at this call, plus the
    literal and a terminator, must fit ``dst``."""
    from .c_callers import local_objects, quiet_until

    name = ctx.callee(inner)
    wrapper = enclosing_function(inner)
    iargs = call_args(inner)
    if name not in {"strcat", "wcscat"} or writes != 1 or wrapper is None or len(iargs) < 2:
        return None
    literal = const_string(octx, iargs[1], wrapper)
    func = enclosing_function(call)
    if literal is None or not quiet_until(octx, wrapper, inner, local_objects(wrapper)):
        return None
    have = max_len(ctx, dst, call, func)
    size = writable(ctx, dst, func)
    unit = 4 if name == "wcscat" else 1
    if have is None or size is None or (have + len(literal[0]) + 1) * unit > size:
        return None
    return ctx.note(
        call,
        f"`{text(dst)}` holds at most {have} characters here and {ctx.callee(call)}() appends the "
        f"{len(literal[0])}-character literal; it holds {size} bytes",
        "guard",
    )


def printf_max(ctx: Ctx, fmt: str, args: list[Node], func: Node | None, at: Node | None = None) -> int | None:
    """The longest output of ``fmt`` with ``args`` (``at``: the call, where the length of a string
    argument may be known or checked), or None."""
    total = 0
    pos = 0
    ai = 0
    for m in CONV.finditer(fmt):
        total += m.start() - pos
        pos = m.end()
        width, prec, length, conv = m.group(3), m.group(4), m.group(5), m.group(6)
        if conv == "%":
            total += 1
            continue
        if width == "*" or prec == "*":
            return None
        if conv == "s":
            if prec is not None:
                n = int(prec)
            else:
                s = const_string(ctx, args[ai], func) if ai < len(args) else None
                longest = (
                    len(s[0])
                    if s is not None
                    else string_max(ctx, args[ai], at, func)
                    if ai < len(args)
                    else None
                )
                if longest is None:
                    return None
                n = longest
        elif conv in "diuxXo":
            known = (
                int_width(ctx, args[ai], conv, length, at=at, func=func)
                if ai < len(args) and at is not None
                else None
            )
            wide = length in {"l", "ll", "j", "z", "t"}
            n = known if known is not None else (20 if conv in "di" else 22) if wide else 11
        elif conv == "c":
            n = 1
        elif conv == "p":
            n = 18
        else:
            return None  # floating point: unbounded width
        if width is not None:
            n = max(n, int(width))
        total += n
        ai += 1
    total += len(fmt) - pos
    return total


def known_len(ctx: Ctx, e: Node, at: Node, func: Node | None) -> int | None:
    """An upper bound of ``strlen(e)`` at ``at``: from the writes before it (c_strings.max_len), else
    from a member array the file keeps terminated (c_member_arrays: its size less one)."""
    got = max_len(ctx, e, at, func)
    return got if got is not None else member_array_max(ctx, e)


def string_max(ctx: Ctx, arg: Node, at: Node | None, func: Node | None) -> int | None:
    """The longest the string ``arg`` can be at ``at``: known from what was written into it
    (:func:`max_len`) or from a check of its length on the way there."""
    if at is None or func is None:
        return None
    known = known_len(ctx, arg, at, func)
    checked = checked_length(ctx, arg, at, func)
    bounds = [b for b in (known, checked[0] if checked is not None else None) if b is not None]
    return min(bounds) if bounds else None


def checked_length(ctx: Ctx, arg: Node, at: Node, func: Node | None) -> tuple[int, Node] | None:
    """A check on the way to ``at`` that keeps ``strlen(arg)`` at or below a bound (``if
    (strlen(s) >= 32) return;``), when nothing between the check and ``at`` may change the string:
    no store through another pointer, no call that may write it, ``arg``'s variables unchanged."""
    from .c_callers import quiet_between

    if func is None:
        return None
    shown = squash(text(strip_expr(arg)))
    bound = upper_bound_of(ctx, {f"strlen({shown})", f"strnlen({shown})"}, at, func)
    if bound is None:
        return None
    where = bound[1]
    if where.end_byte > at.start_byte:
        return bound  # the check is around `at` (its condition): nothing runs in between
    mine = {text(n) for n in walk(strip_expr(arg)) if n.type == "identifier"}
    mine |= set().union(*(aliases_of(func, m) for m in mine)) if mine else set()
    ok = {text(n) for n in walk(func) if n.type == "identifier"} - mine
    # the string followed is no struct member (nor read out of one): a write into a member of
    # another struct cannot reach it
    apart = not any(n.type == "field_expression" for n in walk(strip_expr(arg))) and not any(
        x.type == "field_expression"
        for m in mine
        for _d, v in plain_definitions(func, m) or []
        for x in walk(v)
    )
    return (
        bound if quiet_between(ctx, func, (where.end_byte, at.start_byte), ok, members_apart=apart) else None
    )
