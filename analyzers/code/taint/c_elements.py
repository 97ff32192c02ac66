"""Copies counted in elements of the destination's array, when its dimension is a macro the analyst
cannot (or need not) evaluate::

    char_t name[PATH_MAX];              strncpy(name, mode, PATH_MAX - 1);
    npy_intp dims[2 * NPY_MAXDIMS];     if (nd > NPY_MAXDIMS || nd < 0) return NULL;
                                        memcpy(dims, src, nd * sizeof(npy_intp));
    npy_intp *strides = dims + NPY_MAXDIMS;   memcpy(strides, src2, nd * sizeof(npy_intp));

The destination is an array declared ``T a[DIM]`` (or a pointer last set to ``a + K`` / ``&a[K]`` in
a block around the copy, not written since): it has room for ``DIM - K`` elements of ``T``. The copy
moves ``E`` elements: its length is ``E * sizeof(T)`` (either order), or ``E`` itself when ``T`` is one
byte wide. It fits when ``E`` (or the bound a dominating check puts on it, with ``E`` known not to be
negative) is at most ``DIM - K`` for every value the symbols can have.

Expressions are compared as linear forms over symbols: macros (defined in the file or a header it
includes, and not variables in scope), which cannot change between the declaration and the copy;
their values are used when the analyst can evaluate them. A symbol's sign comes from the dimension
it sizes: ``T a[c * M + k]`` with ``c > 0`` is a valid array only when ``c * M + k >= 1``.
"""

from __future__ import annotations

from tree_sitter import Node

from .c_conditions import comparisons
from .c_context import Ctx
from .c_paths import cannot_be_negative, facts
from .c_tree import declared_name, enclosing_function, inside, squash, strip_expr, stripped_text, text, walk
from .c_values import ELEM_SIZES, const_int, declared_type, type_size
from .values import Note

Lin = tuple[dict[str, int], int]  # ({symbol: coefficient}, constant)


def _lin(ctx: Ctx, e: Node | None, func: Node | None, fold: bool, depth: int = 0) -> Lin | None:
    """``e`` as a linear form over symbols; None when it is not one. With ``fold``, macros are
    replaced by their values where the analyst can evaluate them; without, they stay symbols (what a
    build sees when a header's fallback definition is not the one in force)."""
    if e is None or depth > 8:
        return None
    e = strip_expr(e)
    if e.type == "identifier":
        name = text(e)
        if declared_type(name, func, ctx.parsed.tree.root_node) is not None:
            return None  # a variable: its value may change
        if ctx.macro(name) is not None and not fold:
            return {name: 1}, 0
    v = const_int(ctx, e, func) if fold or e.type in {"number_literal", "sizeof_expression"} else None
    if v is not None:
        return {}, v
    if e.type == "identifier":
        return ({text(e): 1}, 0) if ctx.macro(text(e)) is not None else None
    if e.type == "binary_expression":
        op = text(e.child_by_field_name("operator"))
        a = _lin(ctx, e.child_by_field_name("left"), func, fold, depth + 1)
        b = _lin(ctx, e.child_by_field_name("right"), func, fold, depth + 1)
        if a is None or b is None:
            return None
        if op in {"+", "-"}:
            sign = 1 if op == "+" else -1
            out = dict(a[0])
            for k, c in b[0].items():
                out[k] = out.get(k, 0) + sign * c
            return {k: c for k, c in out.items() if c}, a[1] + sign * b[1]
        if op == "*":
            if not a[0]:
                a, b = b, a
            if b[0]:
                return None  # symbol * symbol
            return {k: c * b[1] for k, c in a[0].items() if c * b[1]}, a[1] * b[1]
    return None


def _minus(a: Lin, b: Lin) -> Lin:
    out = dict(a[0])
    for k, c in b[0].items():
        out[k] = out.get(k, 0) - c
    return {k: c for k, c in out.items() if c}, a[1] - b[1]


def _at_least_zero(form: Lin, floors: dict[str, int]) -> bool:
    """``form >= 0`` for every value of its symbols at or above their floors (coefficients >= 0)."""
    total = form[1]
    for k, c in form[0].items():
        if c < 0 or k not in floors:
            return False
        total += c * floors[k]
    return total >= 0


def _floors(dim: Lin) -> dict[str, int]:
    """``T a[c * M + k]`` is valid only when ``c * M + k >= 1``: with one symbol and ``c > 0``, the
    smallest ``M`` that allows."""
    if len(dim[0]) != 1:
        return {}
    (sym, c), k = next(iter(dim[0].items())), dim[1]
    if c <= 0:
        return {}
    return {sym: -((k - 1) // c)}  # ceil((1 - k) / c)


def _array_decl(ctx: Ctx, name: str, func: Node | None) -> tuple[Node, str] | None:
    """(dimension, element type) of ``T name[DIM]``, a one-dimensional array declared in ``func``
    or at file level (not a parameter: those are pointers; not in another function)."""
    for scope in [s for s in (func, ctx.parsed.tree.root_node) if s is not None]:
        for n in walk(scope):
            if n.type != "array_declarator" or text(n.child_by_field_name("declarator")) != name:
                continue
            if scope != func and enclosing_function(n) is not None:
                continue  # another function's array of the same name
            decl = n.parent
            while decl is not None and decl.type == "init_declarator":
                decl = decl.parent
            if decl is None or decl.type != "declaration":
                return None
            size = n.child_by_field_name("size")
            typ = decl.child_by_field_name("type")
            if size is None or typ is None:
                return None
            return size, " ".join(text(typ).split())
    return None


def _reaching_pointer(ctx: Ctx, name: str, call: Node, func: Node) -> Node | None:
    """The value of the local pointer ``name`` at ``call`` when the last statement setting it before
    the call is ``name = value;`` in a block enclosing the call, and nothing writes ``name`` (nor takes
    its address) between that statement and the call, nor in a loop around the call that the
    statement is not inside (a later iteration would see that write), and no label lies between them
    (a ``goto`` could enter past the statement)."""
    cur: Node | None = call
    while cur is not None and cur != func:
        parent = cur.parent
        if parent is not None and parent.type == "compound_statement":
            before = [s for s in parent.named_children if s.end_byte <= cur.start_byte]
            for st in reversed(before):
                value = _sets(st, name)
                if value is not None:
                    return None if _written_between(func, name, st, call) else value
                if _writes(st, name):
                    return None
        cur = parent
    return None


def _sets(st: Node, name: str) -> Node | None:
    if st.type != "expression_statement" or not st.named_children:
        return None
    e = st.named_children[0]
    if e.type != "assignment_expression" or text(e.child_by_field_name("operator")) != "=":
        return None
    return e.child_by_field_name("right") if stripped_text(e.child_by_field_name("left")) == name else None


def _writes(node: Node, name: str) -> bool:
    for n in walk(node):
        if n.type == "assignment_expression" and stripped_text(n.child_by_field_name("left")) == name:
            return True
        if n.type == "update_expression" and stripped_text(n.child_by_field_name("argument")) == name:
            return True
        if (
            n.type == "pointer_expression"
            and text(n.child_by_field_name("operator")) == "&"
            and stripped_text(n.child_by_field_name("argument")) == name
        ):
            return True
        if n.type == "init_declarator" and declared_name(n.child_by_field_name("declarator")) == name:
            return True
    return False


def _written_between(func: Node, name: str, start: Node, end: Node) -> bool:
    for n in walk(func):
        between = start.end_byte <= n.start_byte and n.end_byte <= end.start_byte
        if between and (_writes(n, name) or n.type == "labeled_statement"):
            return True
    cur = end.parent
    loops = {"while_statement", "for_statement", "do_statement"}
    while cur is not None and cur != func:
        if cur.type in loops and not inside(start, cur) and _writes(cur, name):
            return True
        cur = cur.parent
    return _writes(end, name)


def _parens(e: Node) -> Node:
    """``e`` without parentheses (casts kept: a cast changes the unit of pointer arithmetic)."""
    while e.type == "parenthesized_expression" and e.named_children:
        e = e.named_children[0]
    return e


def _room(
    ctx: Ctx, dst: Node, call: Node, func: Node | None, fold: bool
) -> tuple[Lin, Lin, str, str, Node] | None:
    """(dimension, elements before the pointer, element type, array name, where) for the
    destination ``dst``."""
    d = strip_expr(dst)  # a cast of the whole destination does not move it
    offset: Node | None = None
    if d.type == "identifier" and func is not None and _array_decl(ctx, text(d), func) is None:
        value = _reaching_pointer(ctx, text(d), call, func)
        if value is None:
            return None
        d = strip_expr(value)
    if d.type == "binary_expression" and text(d.child_by_field_name("operator")) == "+":
        offset, d = d.child_by_field_name("right"), _parens(d.child_by_field_name("left") or d)
    elif d.type == "pointer_expression" and text(d.child_by_field_name("operator")) == "&":
        inner = _parens(d.child_by_field_name("argument") or d)
        if inner.type != "subscript_expression":
            return None
        offset, d = (
            inner.child_by_field_name("index"),
            _parens(inner.child_by_field_name("argument") or inner),
        )
    if d.type != "identifier":
        return None
    decl = _array_decl(ctx, text(d), func)
    if decl is None:
        return None
    dim = _lin(ctx, decl[0], func, fold)
    skip = _lin(ctx, offset, func, fold) if offset is not None else ({}, 0)
    if dim is None or skip is None:
        return None
    return dim, skip, decl[1], text(d), decl[0]


def _elem_bytes(ctx: Ctx, typ: str) -> int | None:
    base = typ.replace("const ", "").strip()
    if "unsigned" in base and "char" in base:
        return 1
    return ELEM_SIZES.get(base) or type_size(ctx, base)


def _count(ctx: Ctx, n: Node, typ: str, func: Node | None) -> Node | None:
    """The expression counting the elements of ``typ`` that a byte length ``n`` moves."""
    e = strip_expr(n)
    if e.type == "binary_expression" and text(e.child_by_field_name("operator")) == "*":
        left, right = e.child_by_field_name("left"), e.child_by_field_name("right")
        for a, b in ((left, right), (right, left)):
            s = strip_expr(a) if a is not None else None
            if s is not None and b is not None and s.type == "sizeof_expression":
                named = s.child_by_field_name("type") or s.child_by_field_name("value")
                if named is not None and squash(stripped_text(named)) == squash(typ):
                    return b
    size = _elem_bytes(ctx, typ)
    return n if size == 1 else None


def _bounds(
    ctx: Ctx, count: Node, call: Node, func: Node | None, fold: bool
) -> list[tuple[Lin, Node | None]]:
    """Linear upper bounds of ``count`` (with where each comes from): itself when it is a linear
    form; for a variable known not to be negative, the bounds dominating checks put on it."""
    own = _lin(ctx, count, func, fold)
    if own is not None:
        return [(own, None)]
    c = strip_expr(count)
    if c.type != "identifier" or not cannot_be_negative(ctx, c, call, func):
        return []
    out: list[tuple[Lin, Node | None]] = []
    for cond, truth, where in facts(ctx, call):
        for var, op, other in comparisons(cond, truth):
            if squash(var) != text(c) or op not in {"<", "<="}:
                continue
            limit = _lin(ctx, other, func, fold)
            if limit is not None:
                out.append((limit if op == "<=" else (limit[0], limit[1] - 1), where))
    return out


def elements_fit(ctx: Ctx, call: Node, dst: Node, n: Node, func: Node | None) -> list[Note] | None:
    """Notes proving that a byte-counted copy of ``n`` bytes at ``dst`` fits the elements left in
    its array; None when that is not shown. Macros are first compared as symbols, then by value."""
    for fold in (False, True):
        got = _fits(ctx, call, dst, n, func, fold=fold)
        if got is not None:
            return got
    return None


def _fits(ctx: Ctx, call: Node, dst: Node, n: Node, func: Node | None, *, fold: bool) -> list[Note] | None:
    got = _room(ctx, dst, call, func, fold)
    if got is None:
        return None
    dim, skip, typ, array, dim_node = got
    count = _count(ctx, n, typ, func)
    if count is None:
        return None
    floors = _floors(dim)
    room = _minus(dim, skip)
    if not _at_least_zero(skip, floors):
        return None  # the pointer may lie before the array
    for bound, where in _bounds(ctx, count, call, func, fold):
        if where is None and not _at_least_zero(bound, floors):
            continue  # a negative length converts to a huge size_t
        if _at_least_zero(_minus(room, bound), floors):
            checked = f" (checked at line {where.start_point[0] + 1})" if where is not None else ""
            whole = f"{array}[{' '.join(text(dim_node).split())}]"
            place = f"the whole of `{whole}`" if skip == ({}, 0) else f"{_show(room)} elements of `{whole}`"
            return [
                ctx.note(
                    where if where is not None else n,
                    f"`{text(n)}` moves at most {_show(bound)} elements of `{typ}`{checked}; "
                    f"`{text(dst)}` has room for {place}",
                    "guard",
                )
            ]
    return None


def _show(form: Lin) -> str:
    parts = [f"{c}*{k}" if c != 1 else k for k, c in sorted(form[0].items())]
    if form[1] or not parts:
        parts.append(str(form[1]))
    return " + ".join(parts).replace("+ -", "- ")


def room_bytes(ctx: Ctx, dst: Node, call: Node, func: Node | None) -> int | None:
    """The bytes left in the array ``dst`` points into, when its dimension and offset evaluate."""
    got = _room(ctx, dst, call, func, True)
    if got is None:
        return None
    dim, skip, typ, _array, _where = got
    room = _minus(dim, skip)
    size = _elem_bytes(ctx, typ)
    return room[1] * size if not room[0] and size is not None and room[1] >= 0 else None
