"""A count kept in a struct member that every store of the file keeps within a bound:
``if (t->n >= MAX) return -1; t->items[t->n++] = v;`` and ``if (t->n > 0) t->n--;`` keep ``t->n``
between 0 and ``MAX`` for every struct of the type, so ``for (i = 0; i < t->n; i++) t->items[i]``
stays below ``MAX``.

The invariant is checked over the whole file, for the member's name: every store to a member of
that name (through any object) is a constant from 0 up, an increment by one under a holding check
of the same member against a constant (``< K``, ``<= K - 1``, ``!= K`` when ``K`` is the largest
value it is ever given), or a decrement by one under a check that it is above 0; nothing takes its
address; one struct type of the file declares it, as an integer, and no other file of the program
names it; and every object of the type starts with it at zero or is made by code that stores into it
first, with no raw bytes poured over one (c_struct_made). Anything else: no bound."""

from __future__ import annotations

from tree_sitter import Node

from .c_context import Ctx
from .c_counter_bound import constant_checks
from .c_spec import TYPE_RANGE
from .c_struct_made import made_zero, type_names
from .c_tree import enclosing_function, squash, strip_expr, text, walk
from .c_values import UNSIGNED, const_int, declared_type

_INTEGERS = frozenset(
    {"int", "unsigned", "unsigned int", "long", "unsigned long", "size_t", "short", "unsigned short",
     "uint8_t", "uint16_t", "uint32_t", "uint64_t", "int8_t", "int16_t", "int32_t", "int64_t", "u8",
     "u16", "u32", "u64"}
)  # fmt: skip


def member_count_max(ctx: Ctx, e: Node) -> int | None:
    """The largest value the member ``e`` (``t->n``, ``t.n``) ever holds, when the file keeps it in
    a bound (see the module's doc); None otherwise."""
    x = strip_expr(e)
    if x.type != "field_expression":
        return None
    field = text(x.child_by_field_name("field"))
    memo = ("member-count", ctx.path, ctx.parsed.content_hash, field)
    if memo not in ctx.memo:
        ctx.memo[memo] = _largest(ctx, field)
    got = ctx.memo[memo]
    return got if isinstance(got, int) else None


def _largest(ctx: Ctx, field: str) -> int | None:
    from .c_callers import named_in_program

    root = ctx.parsed.tree.root_node
    holders = [b for b in walk(root) if b.type == "field_declaration_list" and _declares(b, field)]
    if len(holders) != 1 or named_in_program(ctx, field):
        return None
    typ = _member_type(holders[0], field)
    limit = TYPE_RANGE[typ][1] if typ in TYPE_RANGE else 127  # what the member holds without wrapping
    tops: list[int] = []
    unequal: list[int] = []
    for n in walk(root):
        target = _member_target(n)
        if target is None or text(target.child_by_field_name("field")) != field:
            continue
        if n.type == "pointer_expression":
            return None  # its address taken: stored through elsewhere
        got = _store(ctx, n, target, limit)
        if got is None:
            return None
        if got[0] >= 0:
            (unequal if got[1] else tops).append(got[0])
    if not made_zero(ctx, root, field, type_names(holders[0])):
        return None
    tops.append(0)
    top = max(tops + unequal)
    if any(k != top for k in unequal):
        return None
    return top


def _declares(body: Node, field: str) -> bool:
    """The member list declares ``field`` as a plain integer (not a pointer, not an array)."""
    return _member_type(body, field) in _INTEGERS


def _member_type(body: Node, field: str) -> str | None:
    """The type words the member list declares the plain member ``field`` with."""
    for decl in body.named_children:
        if decl.type != "field_declaration":
            continue
        words = " ".join(
            text(c)
            for c in decl.children
            if c.type in {"primitive_type", "sized_type_specifier", "type_identifier"}
        )
        for d in decl.children_by_field_name("declarator"):
            if d.type == "field_identifier" and text(d) == field:
                return " ".join(words.split())
    return None


def _member_target(n: Node) -> Node | None:
    """The member ``n`` stores into (an assignment, a step) or takes the address of."""
    if n.type == "assignment_expression":
        t = n.child_by_field_name("left")
    elif n.type == "update_expression" or (
        n.type == "pointer_expression" and text(n.child_by_field_name("operator")) == "&"
    ):
        t = n.child_by_field_name("argument")
    else:
        return None
    t = strip_expr(t) if t is not None else None
    return t if t is not None and t.type == "field_expression" else None


def _store(ctx: Ctx, n: Node, target: Node, limit: int) -> tuple[int, bool] | None:
    """What a store leaves the member at most: ``(K, False)``, ``(K, True)`` for an increment under
    ``!= K``, ``(-1, False)`` for a decrement that cannot go below 0; None for any other store."""
    func = enclosing_function(n)
    if n.type == "assignment_expression":
        op = text(n.child_by_field_name("operator"))
        value = const_int(ctx, n.child_by_field_name("right"), func)
        if op == "=" and value is not None and value >= 0:
            return value, False
        if op == "=" and value is None:
            return _checked_value(ctx, n, limit)  # `if (n > sizeof(b->data)) return -1; ... b->len = n;`
        if op not in {"+=", "-="} or value != 1:
            return None
        step = 1 if op == "+=" else -1
    else:
        step = 1 if "++" in text(n) else -1
    checks = constant_checks(ctx, squash(text(target)), n)
    if step < 0:
        return (-1, False) if any(_above_zero(op, k) for op, k in checks) else None
    best: tuple[int, bool] | None = None
    for op, k in checks:
        got = {"<": (k, False), "<=": (k + 1, False), "!=": (k, True)}.get(op)
        if got is not None and (best is None or (not got[1] and (best[1] or got[0] < best[0]))):
            best = got
    return best


def _checked_value(ctx: Ctx, store: Node, limit: int) -> tuple[int, bool] | None:
    """``t->len = n`` (or ``(unsigned)n``) where checks holding at the store keep the variable ``n``
    between 0 and a constant ``K`` the member's type holds (``limit``): ``(K, False)``."""
    v = strip_expr(store.child_by_field_name("right") or store)
    while v.type == "cast_expression":
        v = strip_expr(v.child_by_field_name("value") or v)
    if v.type != "identifier":
        return None
    checks = constant_checks(ctx, text(v), store)
    tops = [k - 1 if op == "<" else k for op, k in checks if op in {"<", "<="}]
    func = enclosing_function(store)
    typ = declared_type(text(v), func, ctx.parsed.tree.root_node) if func is not None else None
    unsigned = typ is not None and bool(UNSIGNED.search(typ))
    floor = unsigned or any((op == ">=" and k >= 0) or (op == ">" and k >= -1) for op, k in checks)
    if not tops or not floor or min(tops) < 0 or min(tops) > limit:
        return None
    return min(tops), False


def _above_zero(op: str, k: int) -> bool:
    return (op == ">" and k >= 0) or (op == ">=" and k >= 1) or (op == "!=" and k == 0)
