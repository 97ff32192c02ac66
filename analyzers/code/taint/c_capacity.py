"""Buffers grown to a capacity kept beside them: ``struct strbuf { char *buf; size_t len, cap; }``.
A write ``memcpy(b->buf + b->len, s, n)`` fits when ``b->len + n <= b->cap`` holds there (proven by
:mod:`c_capacity_wp` from the checks and grow steps before it, or a helper's successful return) and
the file keeps the capacity contract: the object ``buf`` points to always holds at least ``cap`` bytes.

The contract is checked over the whole file, for the pair of member names:
- every store to the pointer member is NULL (with the capacity set to 0 in the same block) or the
  block of an allocation (``realloc``, ``malloc``, ``calloc``) whose size is at least what the same
  block then stores into the capacity member, after a check that the allocation did not fail (or of
  the pointer member itself right after the store);
- every other store to the capacity member is 0; nothing takes the address of either member;
- every struct holding the pair is made with both zero (``= {0}``, ``calloc``, ``memset(.., 0, ..)``,
  an object of static storage) or by code that stores into the capacity member of what it made.
Anything else (a buffer handed in from outside, a capacity doubled before the allocation succeeds,
a copy of another struct's pointer) leaves the contract unproven, and the write is judged as before.
"""

from __future__ import annotations

from tree_sitter import Node

from .c_capacity_wp import Prover, Want, lin
from .c_conditions import comparisons, holding_conditions, terminates
from .c_context import Ctx
from .c_paths import cannot_be_negative
from .c_struct_made import declaration_of, made_zero, type_names, typed
from .c_tree import (
    call_args,
    callee_of,
    enclosing_function,
    line_of,
    plain_definitions,
    squash,
    strip_expr,
    text,
    walk,
)
from .c_values import const_int, declared_type
from .values import Note

_ALLOCATORS = {"malloc", "realloc", "calloc", "reallocarray"}
_BYTE_POINTERS = {"char", "unsigned char", "signed char", "uint8_t", "int8_t", "u8", "void"}
_UNSIGNED = {"size_t", "unsigned", "unsigned int", "unsigned long", "uint32_t", "uint64_t", "uint16_t", "u32"}


def capacity_fits(ctx: Ctx, call: Node, dst: Node, n: Node, func: Node | None) -> Note | None:
    """A note when writing ``n`` bytes at ``dst`` (``b->buf + b->len``, ``b->buf + off``) stays below
    the capacity of a buffer that keeps the capacity contract."""
    if func is None:
        return None
    split = member_and_offset(ctx, dst, func)
    if split is None:
        return None
    base, member, offset = split
    cap = capacity_member(ctx, member)
    if cap is None:
        return None
    length = lin(ctx, n, func)
    if length is None:
        return None
    small = (dict(offset[0]), offset[1])
    for k, v in length[0].items():
        small[0][k] = small[0].get(k, 0) + v
    want = Want(({k: v for k, v in small[0].items() if v}, small[1] + length[1]), ({f"{base}{cap}": 1}, 0))
    if any(c < 0 for c in want.small[0].values()):
        return None
    check = prover(ctx).holds(want, call, func)
    if check is None:
        return None
    return ctx.note(
        check,
        f"the `{text(n)}` bytes written at `{text(dst)}` stay within `{base}{cap}` (so the check or grow "
        f"step at line {line_of(check)} shows), and every store of this file keeps `{member}` pointing to at "
        f"least `{cap}` bytes",
        "guard",
    )


def member_and_offset(ctx: Ctx, dst: Node, func: Node) -> tuple[str, str, tuple[dict[str, int], int]] | None:
    """(``b->``, ``buf``, offset) for ``b->buf + off`` / ``b->buf`` / ``&b->buf[off]``."""
    e = strip_expr(dst)
    offset: tuple[dict[str, int], int] = ({}, 0)
    if e.type == "pointer_expression" and text(e.child_by_field_name("operator")) == "&":
        inner = strip_expr(e.child_by_field_name("argument") or e)
        if inner.type != "subscript_expression":
            return None
        idx = lin(ctx, inner.child_by_field_name("index"), func)
        if idx is None:
            return None
        e, offset = strip_expr(inner.child_by_field_name("argument") or inner), idx
    elif e.type == "binary_expression" and text(e.child_by_field_name("operator")) == "+":
        right = lin(ctx, e.child_by_field_name("right"), func)
        if right is None:
            return None
        e, offset = strip_expr(e.child_by_field_name("left") or e), right
    if e.type != "field_expression":
        return None
    field = e.child_by_field_name("field")
    arg = e.child_by_field_name("argument")
    if field is None or arg is None:
        return None
    base = squash(text(arg)) + text(e.child_by_field_name("operator"))
    return base, text(field), offset


def capacity_member(ctx: Ctx, member: str) -> str | None:
    """The member keeping the capacity of the buffer member ``member`` under the file's contract."""
    key = ("capacity_member", ctx.path, member)
    if key in ctx.memo:
        got = ctx.memo[key]
        return got if isinstance(got, str) else None
    found = _find_capacity(ctx, member)
    ctx.memo[key] = found
    return found


def _find_capacity(ctx: Ctx, member: str) -> str | None:
    root = ctx.parsed.tree.root_node
    for struct in walk(root):
        if struct.type != "field_declaration_list":
            continue
        fields = _fields(struct)
        if fields.get(member, ("", False))[1] is False or fields[member][0] not in _BYTE_POINTERS:
            continue
        for cap, (typ, pointer) in fields.items():
            if cap == member or pointer or typ not in _UNSIGNED | {"int", "long"}:
                continue
            if _contract(ctx, root, member, cap, type_names(struct)):
                return cap
    return None


def _fields(body: Node) -> dict[str, tuple[str, bool]]:
    """Member name -> (its type's words, whether it is a pointer)."""
    out: dict[str, tuple[str, bool]] = {}
    for decl in body.named_children:
        if decl.type != "field_declaration":
            continue
        typ = decl.child_by_field_name("type")
        words = " ".join(
            text(c)
            for c in decl.children
            if c.type in {"primitive_type", "sized_type_specifier", "type_identifier"}
        )
        name = " ".join(words.split()) or text(typ)
        for d in decl.children_by_field_name("declarator"):
            pointer = d.type == "pointer_declarator"
            inner = d
            while inner.type in {"pointer_declarator", "array_declarator"}:
                nxt = inner.child_by_field_name("declarator")
                if nxt is None:
                    break
                inner = nxt
            if inner.type == "field_identifier" and d.type != "array_declarator":
                out[text(inner)] = (name, pointer)
    return out


def _contract(ctx: Ctx, root: Node, member: str, cap: str, types: set[str]) -> bool:
    """Every store of the file keeps ``member`` pointing to at least ``cap`` bytes."""
    paired: set[int] = set()
    for n in walk(root):
        if n.type == "pointer_expression" and text(n.child_by_field_name("operator")) == "&":
            arg = strip_expr(n.child_by_field_name("argument") or n)
            if arg.type == "field_expression" and text(arg.child_by_field_name("field")) in {member, cap}:
                return False
        if n.type == "update_expression":
            arg = strip_expr(n.child_by_field_name("argument") or n)
            if arg.type == "field_expression" and text(arg.child_by_field_name("field")) in {member, cap}:
                return False
        if n.type != "assignment_expression":
            continue
        left = strip_expr(n.child_by_field_name("left") or n)
        if left.type != "field_expression":
            continue
        field = text(left.child_by_field_name("field"))
        if field == member and _other_type(left, types, root):
            continue
        if field == member:
            got = _pointer_store(ctx, n, left, cap)
            if got is None:
                return False
            paired.update(got)
    for n in walk(root):
        if n.type != "assignment_expression":
            continue
        left = strip_expr(n.child_by_field_name("left") or n)
        if left.type != "field_expression" or text(left.child_by_field_name("field")) != cap:
            continue
        if n.id in paired or _other_type(left, types, root):
            continue
        func = enclosing_function(n)
        if (
            text(n.child_by_field_name("operator")) != "="
            or const_int(ctx, n.child_by_field_name("right"), func) != 0
        ):
            return False
    return made_zero(ctx, root, cap, types)


def _other_type(member: Node, types: set[str], root: Node) -> bool:
    """The struct ``member`` (``st->cap``) belongs to is declared of a type not in ``types``: a
    parameter or local of the function, or a file-level variable (``struct kvstore *st``)."""
    base = strip_expr(member.child_by_field_name("argument") or member)
    decl = declaration_of(base, root) if base.type == "identifier" else None
    return decl is not None and not typed(decl, types)


def _pointer_store(ctx: Ctx, store: Node, left: Node, cap: str) -> set[int] | None:
    """The capacity stores this store of the pointer member is paired with ({} for NULL with a zero
    capacity), or None when it breaks the contract."""
    func = enclosing_function(store)
    block = store.parent.parent if store.parent is not None else None
    if func is None or block is None or block.type != "compound_statement":
        return None
    base = squash(text(left.child_by_field_name("argument"))) + text(left.child_by_field_name("operator"))
    stmts = [c for c in block.named_children if c.type != "comment"]
    caps = [
        (i, a)
        for i, s in enumerate(stmts)
        for a in walk(s)
        if a.type == "assignment_expression"
        and squash(text(strip_expr(a.child_by_field_name("left") or a))) == f"{base}{cap}"
    ]
    right = strip_expr(store.child_by_field_name("right") or store)
    if right.type == "null" or text(right) in {"NULL", "0"}:
        zero = [a for _i, a in caps if const_int(ctx, a.child_by_field_name("right"), func) == 0]
        return {a.id for a in zero} if zero else None
    size = _allocated(ctx, right, func, store)
    if size is None:
        return None
    me = next((i for i, s in enumerate(stmts) if s.start_byte <= store.start_byte < s.end_byte), None)
    if me is None:
        return None
    later = [(i, a) for i, a in caps if i > me]
    if len(later) != 1:
        return None
    i, a = later[0]
    between = stmts[me + 1 : i]
    if any(
        not (s.type == "expression_statement" and not any(c.type == "call_expression" for c in walk(s)))
        and not (s.type == "if_statement" and s.child_by_field_name("alternative") is None and _exits(s))
        for s in between
    ):
        return None  # only stores, or checks that leave (a failed allocation), between the two
    stored = lin(ctx, a.child_by_field_name("right"), func)
    if stored is None or stored != size or text(a.child_by_field_name("operator")) != "=":
        return None
    if right.type == "call_expression" and not _checked_not_null(a, squash(text(left))):
        return None  # `b->buf = malloc(n); b->cap = n;`: a failed allocation leaves NULL with a capacity
    return {a.id}


def _checked_not_null(at: Node, name: str) -> bool:
    """A condition holding at ``at`` says ``name`` is not NULL."""
    return any(
        squash(var) == name and op == "!=" and (text(other) in {"NULL", "0"} or squash(text(other)) == name)
        for c, t, _w in holding_conditions(at)
        for var, op, other in comparisons(c, t)
    )


def _exits(s: Node) -> bool:
    cons = s.child_by_field_name("consequence")
    return cons is not None and terminates(cons)


def _allocated(ctx: Ctx, right: Node, func: Node, store: Node) -> tuple[dict[str, int], int] | None:
    """The bytes of the allocation ``right`` is (or a local set to one and checked not NULL before
    ``store``), as a sum; None otherwise."""
    call = right
    if right.type == "identifier":
        defs = plain_definitions(func, text(right))
        if not defs or len(defs) != 1:
            return None
        call = strip_expr(defs[0][1])
        name = text(right)
        checked = any(
            var == name and op == "!=" and (text(other) in {"NULL", "0", name})
            for c, t, _w in holding_conditions(store)
            for var, op, other in comparisons(c, t)
        )
        if not checked:
            return None
    if call.type != "call_expression" or callee_of(call) not in _ALLOCATORS:
        return None
    args = call_args(call)
    name = callee_of(call)
    size = args[1] if name == "realloc" and len(args) == 2 else args[0] if name == "malloc" and args else None
    if name == "calloc" and len(args) == 2:
        if const_int(ctx, args[0], func) == 1:
            size = args[1]
        elif const_int(ctx, args[1], func) == 1:
            size = args[0]
    return lin(ctx, size, func) if size is not None else None


def prover(ctx: Ctx, *, target: Node | None = None, measures: frozenset[str] = frozenset()) -> Prover:
    """The backward prover of c_capacity_wp for this file, told which atoms are never negative
    (:func:`nonnegative`); ``target`` and ``measures`` as Prover says."""
    return Prover(
        ctx, lambda atom, here, f: nonnegative(ctx, atom, here, f), target=target, measures=measures
    )


def nonnegative(ctx: Ctx, atom: str, at: Node, func: Node) -> bool:
    """A variable added by a check is never negative: an unsigned type, or shown so by the paths (a
    string's length ``strlen(s)`` is a ``size_t``)."""
    if atom.startswith("strlen("):
        return True
    if "->" in atom or "." in atom:
        member = atom.replace("->", ".").rsplit(".", 1)[-1]
        return _member_unsigned(ctx, member)
    t = declared_type(atom, func, ctx.parsed.tree.root_node)
    if t is not None and t.replace("const ", "").strip() in _UNSIGNED:
        return True
    ident = next((n for n in walk(func) if n.type == "identifier" and text(n) == atom), None)
    return ident is not None and cannot_be_negative(ctx, ident, at, func)


def _member_unsigned(ctx: Ctx, member: str) -> bool:
    found = False
    for body in walk(ctx.parsed.tree.root_node):
        if body.type != "field_declaration_list":
            continue
        fields = _fields(body)
        if member in fields:
            if fields[member][1] or fields[member][0] not in _UNSIGNED:
                return False
            found = True
    return found
