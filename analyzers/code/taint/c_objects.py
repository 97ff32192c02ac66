"""Which object a C pointer points into, and where: arrays, ``alloca``/``malloc`` blocks of a known
size and string literals, at a byte offset, through every assignment of a local pointer (branches
that never run left out). ``data = buffer - 8`` points 8 bytes before ``buffer``;
``data = alloca(10)`` points to 10 bytes. Anything else (a parameter, a pointer whose address
escapes, an offset that is not a constant) is unknown, and no size is claimed for it.
"""

from __future__ import annotations

from dataclasses import dataclass

from tree_sitter import Node

from .c_conditions import dead_branch
from .c_context import Ctx
from .c_tree import (
    call_args,
    callee_of,
    declared_name,
    param_names,
    plain_definitions,
    strip_expr,
    stripped_text,
    text,
    walk,
)
from .c_values import (
    ELEM_SIZES,
    array_size,
    const_int,
    declared_type,
    dst_size,
    literal_string,
    struct_size,
    type_size,
)

MAX_DEPTH = 6


@dataclass(frozen=True)
class Target:
    """``offset`` bytes into ``obj`` (``size`` bytes long; None when not known)."""

    obj: str
    size: int | None
    offset: int | None
    where: Node

    @property
    def room(self) -> int | None:
        """Bytes from the pointer to the end of the object (0 when it points before its start)."""
        if self.size is None or self.offset is None:
            return None
        if self.offset < 0:
            return 0
        return max(self.size - self.offset, 0)


def _callee(ctx: Ctx, call: Node) -> str:
    name = callee_of(call)
    macro = ctx.macro(name) if name else None
    if macro is not None and macro.strip().isidentifier():
        return macro.strip()
    return name


def elem_of(ctx: Ctx, ptr: str, func: Node | None) -> int | None:
    """Bytes per element a pointer (or array) named ``ptr`` steps by."""
    t = declared_type(ptr, func, ctx.parsed.tree.root_node)
    if t is None:
        return None
    base = t.replace(" *", "").replace("const ", "").strip()
    if not base:  # `struct rec *p` (declared_type names no struct)
        tag = _struct_tag(ptr, func, ctx.parsed.tree.root_node)
        return struct_size(ctx, tag) if tag is not None else None
    if "unsigned" in base and "char" in base:
        return 1
    if base.startswith("struct "):
        return struct_size(ctx, base[7:].strip())  # `struct rec *p`: one record
    return ELEM_SIZES.get(base) or type_size(ctx, base)


def _struct_tag(name: str, func: Node | None, root: Node) -> str | None:
    """``rec`` of the declaration ``struct rec *name`` (a single pointer to a named struct) in
    ``func`` or at file level."""
    for scope in [x for x in (func, root) if x is not None]:
        for n in walk(scope):
            if n.type not in {"declaration", "parameter_declaration"}:
                continue
            for d in n.named_children:
                if declared_name(d) != name:
                    continue
                inner = d.child_by_field_name("declarator") if d.type == "init_declarator" else d
                typ = n.child_by_field_name("type")
                if (
                    inner is None
                    or inner.type != "pointer_declarator"
                    or (inner.child_by_field_name("declarator") or inner).type != "identifier"
                    or typ is None
                    or typ.type != "struct_specifier"
                ):
                    return None
                tag = typ.child_by_field_name("name")
                return text(tag) if tag is not None else None
    return None


def points_to(ctx: Ctx, expr: Node, func: Node | None, depth: int = 0) -> list[Target] | None:
    """Every object ``expr`` may point into, with its offset; None when unknown."""
    if depth > MAX_DEPTH:
        return None
    e = strip_expr(expr)
    t = e.type
    if t == "null" or text(e) in {"NULL", "nullptr"}:
        return []  # no object
    if t in {"string_literal", "concatenated_string"}:
        return [_literal_target(text(e), e)]
    if t == "call_expression":
        callee = _callee(ctx, e)
        args = call_args(e)
        if callee in {"alloca", "_alloca", "__builtin_alloca", "malloc"} and args:
            return [Target(f"{callee}@{e.start_point[0] + 1}", const_int(ctx, args[0], func), 0, e)]
        if callee == "realloc" and len(args) == 2:
            return [Target(f"realloc@{e.start_point[0] + 1}", const_int(ctx, args[1], func), 0, e)]
        if callee not in {"calloc", "realloc"} and depth < MAX_DEPTH:
            returned = _returned_targets(ctx, e, depth)
            if returned is not None:
                return returned
        if callee == "calloc" and len(args) == 2:
            a, b = const_int(ctx, args[0], func), const_int(ctx, args[1], func)
            return [
                Target(
                    f"calloc@{e.start_point[0] + 1}", a * b if a is not None and b is not None else None, 0, e
                )
            ]
        return None
    if t == "binary_expression" and text(e.child_by_field_name("operator")) in {"+", "-"}:
        left, right = e.child_by_field_name("left"), e.child_by_field_name("right")
        if left is None or right is None:
            return None
        base = points_to(ctx, left, func, depth + 1)
        if base is None:
            return None
        k = const_int(ctx, right, func)
        elem = elem_of(ctx, stripped_text(left), func) if strip_expr(left).type == "identifier" else None
        step = (
            None
            if k is None or elem is None
            else (k * elem if text(e.child_by_field_name("operator")) == "+" else -k * elem)
        )
        return [
            Target(b.obj, b.size, None if step is None or b.offset is None else b.offset + step, b.where)
            for b in base
        ]
    if t == "pointer_expression" and text(e.child_by_field_name("operator")) == "&":
        inner = e.child_by_field_name("argument")
        inner = strip_expr(inner) if inner is not None else None
        if inner is not None and inner.type == "subscript_expression":
            arr, idx = inner.child_by_field_name("argument"), inner.child_by_field_name("index")
            base = points_to(ctx, arr, func, depth + 1) if arr is not None else None
            k = const_int(ctx, idx, func) if idx is not None else None
            elem = elem_of(ctx, stripped_text(arr), func) if arr is not None else None
            if base is None:
                return None
            step = None if k is None or elem is None else k * elem
            return [
                Target(b.obj, b.size, None if step is None or b.offset is None else b.offset + step, b.where)
                for b in base
            ]
        if inner is not None and inner.type == "identifier":
            return _scalar(ctx, text(inner), func, e)
        if inner is not None and inner.type == "field_expression" and dst_size(ctx, inner, func) is None:
            from .c_member_object import member_object_size

            size = member_object_size(ctx, inner)  # `&in->dy`: the member's own bytes
            return [Target(text(inner), size, 0, e)] if size is not None else None
        return None
    if t != "identifier":
        return None
    name = text(e)
    value = ctx.macro(name) if declared_type(name, func, ctx.parsed.tree.root_node) is None else None
    if value is not None and literal_string(value) is not None:
        return [_literal_target(value, e)]  # #define SRC "...": the literal itself
    if name in ctx.bindings:
        return [Target(name, ctx.bindings[name], 0, e)]
    size = array_size(ctx, name, func, e)
    if size is not None or _is_array(ctx, name, func):
        return [Target(name, size, 0, e)]
    if func is None:
        return None
    if name in param_names(func):
        if _overwritten_first(func, name):
            return _pointer_defs(ctx, name, func, depth, local=True)  # what callers pass is never read
        incoming = _param_targets(ctx, name, func, depth)
        if not _assigned_in(func, name):
            return incoming
        own = _pointer_defs(ctx, name, func, depth, local=True)
        return None if incoming is None or own is None else incoming + own
    return _pointer_defs(ctx, name, func, depth)


def _literal_target(literal: str, where: Node) -> Target:
    """A string literal's bytes, terminator included (4 per character for ``L"..."``/``U"..."``,
    2 for ``u"..."``)."""
    s = literal_string(literal)
    unit = 4 if literal.lstrip().startswith(("L", "U")) else 2 if literal.lstrip().startswith('u"') else 1
    return Target(literal[:20], (len(s) + 1) * unit if s is not None else None, 0, where)


def _straight_statements(block: Node) -> list[Node]:
    """The statements of a block in order, nested plain blocks opened (they always run)."""
    out: list[Node] = []
    for st in block.named_children:
        if st.type == "compound_statement":
            out.extend(_straight_statements(st))
        elif st.type != "comment":
            out.append(st)
    return out


def _overwritten_first(func: Node, name: str) -> bool:
    """The first statement of the function that mentions parameter ``name`` assigns it a value
    that does not read it, on the straight-line path every call runs: the value callers pass is
    never read (no ``goto`` can jump over that assignment)."""
    body = func.child_by_field_name("body")
    if body is None or any(n.type == "goto_statement" for n in walk(body)):
        return False
    for st in _straight_statements(body):
        if not any(n.type == "identifier" and text(n) == name for n in walk(st)):
            continue
        if st.type != "expression_statement" or not st.named_children:
            return False
        e = strip_expr(st.named_children[0])
        if e.type != "assignment_expression" or text(e.child_by_field_name("operator")) != "=":
            return False
        left, right = e.child_by_field_name("left"), e.child_by_field_name("right")
        return (
            left is not None
            and right is not None
            and stripped_text(left) == name
            and not any(n.type == "identifier" and text(n) == name for n in walk(right))
        )
    return False


def _assigned_in(func: Node, name: str) -> bool:
    return any(
        n.type == "assignment_expression" and stripped_text(n.child_by_field_name("left")) == name
        for n in walk(func)
    )


def _param_targets(ctx: Ctx, name: str, func: Node, depth: int) -> list[Target] | None:
    """What a pointer parameter points into: the union of what every workspace caller (in this
    file) passes; None when a caller is elsewhere or passes something unknown."""
    from .c_callers import address_taken, visible_calls
    from .c_tree import enclosing_function, func_name

    fname = func_name(func)
    pos = param_names(func).index(name)
    try:
        sites = ctx.index.callers(fname, limit=20)
    except Exception:
        return None
    if not sites or any(site.path != ctx.path for site in sites) or address_taken(ctx, func):
        return None
    if visible_calls(ctx, func) is None:
        return None  # not static, nor a program's own function: other files may call it
    out: list[Target] = []
    root = ctx.parsed.tree.root_node
    for site in sites:
        calls = [
            c
            for c in walk(root)
            if c.type == "call_expression" and c.start_point[0] + 1 == site.line and callee_of(c) == fname
        ]
        if not calls:
            return None
        for call in calls:
            args = call_args(call)
            if pos >= len(args):
                return None
            got = points_to(ctx.unbound(), args[pos], enclosing_function(call), depth + 1)
            if got is None:
                return None
            out.extend(got)
    return out or None


def returned_param(ctx: Ctx, call: Node) -> int | None:
    """The position of the parameter a workspace function always returns as it was given (every
    ``return`` returns that parameter, which it never reassigns): the call's value is that argument."""
    from .c_callers import keeps_value
    from .c_defs import definition_of
    from .c_tree import enclosing_function

    found = definition_of(ctx, call)
    if found is None:
        return None
    _octx, fdef = found
    params = param_names(fdef)
    returned = {
        stripped_text(r.named_children[0]) if r.named_children else ""
        for r in walk(fdef)
        if r.type == "return_statement" and enclosing_function(r) == fdef
    }
    if len(returned) != 1:
        return None
    name = returned.pop()
    if name not in params or not keeps_value(fdef, name) or params.index(name) >= len(call_args(call)):
        return None
    return params.index(name)


def _returned_targets(ctx: Ctx, call: Node, depth: int) -> list[Target] | None:
    """What a workspace function returns: the argument it returns unchanged, else the union over
    its ``return`` statements."""
    from .c_defs import definition_of
    from .c_tree import enclosing_function

    same = returned_param(ctx, call)
    if same is not None:
        return points_to(ctx, call_args(call)[same], enclosing_function(call), depth + 1)
    found = definition_of(ctx, call)
    if found is None:
        return None
    octx, fdef = found
    out: list[Target] = []
    for r in walk(fdef):
        if r.type != "return_statement" or enclosing_function(r) != fdef:
            continue
        value = r.named_children[0] if r.named_children else None
        got = points_to(octx, value, fdef, depth + 1) if value is not None else None
        if got is None:
            return None
        out.extend(got)
    return out or None


def _scalar(ctx: Ctx, name: str, func: Node | None, at: Node) -> list[Target] | None:
    """``&x``: the bytes of ``x`` itself (an array, or a variable of a type whose size is known)."""
    size = array_size(ctx, name, func, at)
    if size is None:
        typ = declared_type(name, func, ctx.parsed.tree.root_node)
        if typ is None or typ.endswith("*"):
            return None
        size = (
            ELEM_SIZES.get(typ) or struct_size(ctx, typ[7:].strip())
            if typ.startswith("struct ")
            else ELEM_SIZES.get(typ)
        )
    return [Target(name, size, 0, at)] if size is not None else None


def _is_array(ctx: Ctx, name: str, func: Node | None) -> bool:
    for scope in [s for s in (func, ctx.parsed.tree.root_node) if s is not None]:
        for n in walk(scope):
            if n.type == "array_declarator" and text(n.child_by_field_name("declarator")) == name:
                return n.parent is None or n.parent.type != "parameter_declaration"
    return False


def _pointer_defs(ctx: Ctx, name: str, func: Node, depth: int, local: bool = False) -> list[Target] | None:
    """The targets of a local pointer: the union over every assignment that can run."""
    out: list[Target] = []
    for n in walk(func):
        value: Node | None = None
        if n.type == "init_declarator" and declared_name(n.child_by_field_name("declarator")) == name:
            local = True
            value = n.child_by_field_name("value")
        elif n.type == "declaration" and any(
            declared_name(c) == name or text(c) == name
            for c in n.named_children
            if c.type in {"identifier", "pointer_declarator"}
        ):
            local = True
            continue
        elif n.type == "assignment_expression" and stripped_text(n.child_by_field_name("left")) == name:
            if text(n.child_by_field_name("operator")) != "=":
                return None  # p += k: moves by an amount not tracked here
            value = n.child_by_field_name("right")
        elif n.type == "update_expression" and stripped_text(n.child_by_field_name("argument")) == name:
            return None
        elif (
            n.type == "pointer_expression"
            and text(n.child_by_field_name("operator")) == "&"
            and stripped_text(n.child_by_field_name("argument")) == name
        ):
            return None  # its address escapes: anything may set it
        else:
            continue
        if value is None:
            continue
        if dead_branch(ctx, n) is not None:
            continue
        v = strip_expr(value)
        if v.type == "null" or text(v) in {"NULL", "0", "nullptr"}:
            continue  # no object: dereferencing it is another finding (NULL dereference)
        if v.type == "call_expression" and _hands_back(ctx, v, name):
            continue  # p = f(p), f returning p as given: p keeps what it pointed to
        got = points_to(ctx, value, func, depth + 1)
        if got is None:
            return None
        out.extend(got)
    return out if local else None


def _hands_back(ctx: Ctx, call: Node, name: str) -> bool:
    same = returned_param(ctx, call)
    return same is not None and stripped_text(call_args(call)[same]) == name


def room(ctx: Ctx, ptr: Node, func: Node | None) -> tuple[int, list[Target]] | None:
    """The bytes that can be written (or read) from ``ptr`` on every path: the smallest room over
    its targets, when every target is known."""
    targets = points_to(ctx, ptr, func)
    if not targets:
        return None
    rooms = [t.room for t in targets]
    if any(r is None for r in rooms):
        if any(t.offset is not None and t.offset < 0 for t in targets):
            return 0, targets  # before the start of its object on some path: nothing fits
        return None
    return min(r for r in rooms if r is not None), targets


def writable(ctx: Ctx, dst: Node, func: Node | None) -> int | None:
    """Bytes that fit at ``dst``: its array's size, else the room left in what it points to."""
    size = dst_size(ctx, dst, func)
    if size is not None:
        return size
    got = room(ctx, dst, func)
    return got[0] if got is not None else None


def found_in_string(ctx: Ctx, name: str, func: Node) -> list[Node] | None:
    """The searches that set the local pointer ``name``, when every value it is ever given is NULL or
    the result of a search (``strchr``, ``strstr``, ...) in a string that starts at a known place
    inside an array, and it is never moved (no ``++``, ``+=``, nor its address taken): ``*name``
    is then a character of that string. None otherwise."""
    from .c_spec import FINDS_IN_STRING

    if name in param_names(func):
        return None
    defs = plain_definitions(func, name)
    if defs is None:
        return None
    found: list[Node] = []
    for _n, value in defs:
        v = strip_expr(value)
        if v.type == "null" or text(v) in {"NULL", "0", "nullptr"}:
            continue
        if v.type != "call_expression" or _callee(ctx, v) not in FINDS_IN_STRING or not call_args(v):
            return None
        targets = points_to(ctx, call_args(v)[0], func)
        if not targets or any(
            t.size is None or t.offset is None or not 0 <= t.offset < t.size for t in targets
        ):
            return None
        found.append(v)
    return found or None
