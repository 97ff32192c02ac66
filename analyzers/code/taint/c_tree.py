"""Tree-sitter helpers for C: node text, walks, calls and their arguments, declarations, functions."""

from __future__ import annotations

import re
from collections.abc import Iterator

from tree_sitter import Node

from .budget import spend
from .c_spec import RETURNS_INTO_FIRST


def text(node: Node | None) -> str:
    return "" if node is None or node.text is None else node.text.decode("utf-8", "replace")


def line_of(node: Node) -> int:
    return node.start_point[0] + 1


def walk(node: Node) -> Iterator[Node]:
    spend()
    stack = [node]
    seen = 0
    while stack:
        n = stack.pop()
        seen += 1
        if not seen & 1023:
            spend(1024)
        yield n
        stack.extend(reversed(n.children))


def on_lines(root: Node, lo: int, hi: int, types: set[str]) -> list[Node]:
    """Nodes of ``types`` starting on lines ``lo..hi``; for calls, when none starts there, the
    innermost call whose parentheses hold line ``lo`` (a scanner pointing at an argument below the
    call's first line, past a comment, a blank line or a continuation)."""
    out: list[Node] = []
    stack = [root]
    while stack:
        n = stack.pop()
        if n.end_point[0] + 1 < lo or n.start_point[0] + 1 > hi:
            continue
        if n.type in types and lo <= n.start_point[0] + 1 <= hi:
            out.append(n)
        stack.extend(reversed(n.named_children))
    if not out and "call_expression" in types and 0 <= lo - 1 <= root.end_point[0]:
        node: Node | None = root.descendant_for_point_range((lo - 1, 0), (lo - 1, 0))
        while node is not None:
            if node.type == "call_expression" and node.start_point[0] < lo - 1 <= node.end_point[0]:
                return [node]
            node = node.parent
    return out


def callee_of(call: Node) -> str:
    fn = call.child_by_field_name("function")
    return text(fn) if fn is not None and fn.type == "identifier" else ""


def call_args(call: Node) -> list[Node]:
    a = call.child_by_field_name("arguments")
    return [c for c in a.named_children if c.type != "comment"] if a is not None else []


def enclosing_function(node: Node) -> Node | None:
    cur = node.parent
    while cur is not None and cur.type != "function_definition":
        cur = cur.parent
    return cur


def strip_expr(node: Node) -> Node:
    while node.type in {"parenthesized_expression", "cast_expression"}:
        inner = (
            node.child_by_field_name("value")
            if node.type == "cast_expression"
            else (node.named_children[0] if node.named_children else None)
        )
        if inner is None:
            break
        node = inner
    return node


def stripped_text(node: Node | None) -> str:
    """The text of ``node`` without casts and parentheses ("" for None)."""
    return text(strip_expr(node)) if node is not None else ""


def file_function(root: Node, name: str) -> Node | None:
    """The one function of the file (``root``) defined with the name ``name``; None when there is
    none, or several (one per build configuration)."""
    found = [
        n for n in root.named_children if n.type == "function_definition" and name and func_name(n) == name
    ]
    return found[0] if len(found) == 1 else None


def store_of(n: Node) -> tuple[str, str] | None:
    """(``"="``, ``"+="``... for an assignment, ``"++"``/``"--"`` for a step, ``"&"`` for an address
    taken; the variable's text without casts) when ``n`` stores into a variable or may let others do
    so; None otherwise."""
    if n.type == "assignment_expression":
        return text(n.child_by_field_name("operator")), stripped_text(n.child_by_field_name("left"))
    if n.type == "update_expression":
        return ("++" if "++" in text(n) else "--"), stripped_text(n.child_by_field_name("argument"))
    if n.type == "pointer_expression" and text(n.child_by_field_name("operator")) == "&":
        return "&", stripped_text(n.child_by_field_name("argument"))
    return None


def declared_node(d: Node | None) -> Node | None:
    while d is not None and d.type in {
        "pointer_declarator",
        "array_declarator",
        "init_declarator",
        "parenthesized_declarator",
        "function_declarator",
    }:
        d = d.child_by_field_name("declarator")
    return d


def declared_name(d: Node | None) -> str:
    return text(declared_node(d))


def declares(n: Node, name: str, kinds: frozenset[str] = frozenset({"declaration"})) -> bool:
    """``n`` is a declaration (of one of ``kinds``) that declares ``name`` (``int a, *name = x;``)."""
    return n.type in kinds and any(declared_name(d) == name for d in n.named_children)


def storage_classes(decl: Node) -> set[str]:
    """The storage classes a declaration is given (``static``, ``extern``...)."""
    return {text(c) for c in decl.children if c.type == "storage_class_specifier"}


def inside(node: Node, container: Node) -> bool:
    return container.start_byte <= node.start_byte and node.end_byte <= container.end_byte


def idents(node: Node) -> set[str]:
    return {text(n) for n in walk(node) if n.type == "identifier"}


def is_param(func: Node, name: str) -> bool:
    decl = func.child_by_field_name("declarator")
    while decl is not None and decl.type != "function_declarator":
        decl = decl.child_by_field_name("declarator")
    decl.child_by_field_name("parameters") if decl is not None else None
    return name in param_names(func)


def param_names(func: Node) -> list[str]:
    decl = func.child_by_field_name("declarator")
    while decl is not None and decl.type != "function_declarator":
        decl = decl.child_by_field_name("declarator")
    params = decl.child_by_field_name("parameters") if decl is not None else None
    out: list[str] = []
    for p in params.named_children if params is not None else []:
        if p.type == "variadic_parameter":
            continue
        out.append(declared_name(p.child_by_field_name("declarator")))
    return out


def func_name(func: Node) -> str:
    decl = func.child_by_field_name("declarator")
    while decl is not None and decl.type != "function_declarator":
        decl = decl.child_by_field_name("declarator")
    return text(decl.child_by_field_name("declarator")) if decl is not None else "?"


def squash(s: str) -> str:
    return re.sub(r"\s+", "", s)


def in_sizeof(node: Node) -> bool:
    """Operands of sizeof are not evaluated: ``sizeof(*p)`` dereferences nothing."""
    cur = node.parent
    while cur is not None and cur.type not in {"expression_statement", "declaration", "compound_statement"}:
        if cur.type == "sizeof_expression":
            return True
        cur = cur.parent
    return False


def file_macros(root: Node) -> dict[str, str]:
    out: dict[str, str] = {}
    for n in walk(root):
        if n.type == "preproc_def":
            name, value = n.child_by_field_name("name"), n.child_by_field_name("value")
            if name is not None and value is not None:
                out[text(name)] = text(value).strip()
    return out


def pointer_base(arg: Node) -> str:
    """The variable a pointer argument points into: ``buf``, ``buf + n``, ``&buf[n]``, ``&buf``,
    ``(char *)buf``, ``p++``, ``strchr(buf, c)`` (a library call returning a pointer into its first
    argument)."""
    bases = pointer_bases(arg)
    return next(iter(sorted(bases))) if len(bases) == 1 else ("" if not bases else _first_base(arg))


def _first_base(arg: Node) -> str:
    a = strip_expr(arg)
    if a.type == "conditional_expression":
        for part in (a.child_by_field_name("consequence"), a.child_by_field_name("alternative")):
            got = pointer_base(part) if part is not None else ""
            if got:
                return got
    return ""


def field_key(name: str) -> str:
    """How :func:`pointer_bases` names a struct field (``.buf``): never the name of a variable."""
    return "." + name


def pointer_bases(arg: Node, *, fields: bool = False) -> set[str]:
    """Every variable a pointer expression may point into (both arms of ``c ? a : b``); with
    ``fields``, a struct field array is named by its field with a leading dot (``s->buf``,
    ``&s.buf[2]``: ``.buf``), apart from a variable of the same name."""
    a = strip_expr(arg)
    if a.type == "binary_expression" and text(a.child_by_field_name("operator")) in {"+", "-"}:
        left = a.child_by_field_name("left")
        return pointer_bases(left, fields=fields) if left is not None else set()
    if a.type == "pointer_expression" and text(a.child_by_field_name("operator")) == "&":
        inner = a.child_by_field_name("argument")
        inner = strip_expr(inner) if inner is not None else None
        if inner is not None and inner.type == "subscript_expression":
            base = inner.child_by_field_name("argument")
            return pointer_bases(base, fields=fields) if base is not None else set()
        if fields and inner is not None and inner.type == "field_expression":
            return {field_key(text(inner.child_by_field_name("field")))}  # &s.buf
        return {text(inner)} if inner is not None and inner.type == "identifier" else set()  # &buf
    if a.type == "update_expression":
        inner = a.child_by_field_name("argument")
        return pointer_bases(inner, fields=fields) if inner is not None else set()
    if a.type == "conditional_expression":
        out: set[str] = set()
        for part in (a.child_by_field_name("consequence"), a.child_by_field_name("alternative")):
            if part is not None:
                out |= pointer_bases(part, fields=fields)
        return out
    if a.type == "comma_expression":
        right = a.child_by_field_name("right")
        return pointer_bases(right, fields=fields) if right is not None else set()
    if a.type == "assignment_expression" and text(a.child_by_field_name("operator")) == "=":
        right = a.child_by_field_name("right")
        return pointer_bases(right, fields=fields) if right is not None else set()
    if a.type == "call_expression" and callee_of(a) in RETURNS_INTO_FIRST:
        args = call_args(a)
        return pointer_bases(args[0], fields=fields) if args else set()
    if a.type == "call_expression":
        k = returned_parameter(a)
        args = call_args(a)
        return pointer_bases(args[k], fields=fields) if k is not None and k < len(args) else set()
    if fields and a.type == "field_expression":
        return {field_key(text(a.child_by_field_name("field")))}
    return {text(a)} if a.type == "identifier" else set()


def returned_parameter(call: Node) -> int | None:
    """The position of the parameter every ``return`` of the called function hands back (``trim(s)``
    returning ``s``, moved or not), when that function is defined in the same file; else None."""
    name = callee_of(call)
    if not name:
        return None
    root = call
    while root.parent is not None:
        root = root.parent
    return _returns_param(root, name)


def _returns_param(root: Node, name: str) -> int | None:
    for f in root.named_children:
        if f.type != "function_definition" or func_name(f) != name:
            continue
        params = param_names(f)
        found: set[str] = set()
        for n in walk(f):
            if n.type == "return_statement":
                value = strip_expr(n.named_children[0]) if n.named_children else None
                if value is None or value.type != "identifier" or text(value) not in params:
                    return None
                found.add(text(value))
        return params.index(found.pop()) if len(found) == 1 else None
    return None


def aliases_of(func: Node, name: str, *, fields: bool = False) -> set[str]:
    """Names copied to or from ``name`` (``q = p``, ``p = q``, ``q = p + 8``, ``q = c ? p : r``,
    ``q = strchr(p, c)``), and pointers a call may set to point into it (``strtol(p, &end, 10)``),
    transitively: pointers that may point into the same object."""
    out = {name}
    pairs: list[tuple[str, str]] = []
    pointers: set[str] | None = None  # the pointer variables declared in func, found when first needed
    for n in walk(func):
        left = right = None
        if n.type == "assignment_expression" and text(n.child_by_field_name("operator")) == "=":
            left, right = n.child_by_field_name("left"), n.child_by_field_name("right")
        elif n.type == "init_declarator":
            left, right = n.child_by_field_name("declarator"), n.child_by_field_name("value")
        elif n.type == "call_expression":
            outs = _address_args(n)
            if outs:
                if pointers is None:
                    pointers = _declared_pointers(func)
                pairs.extend(_out_pointer_pairs(n, [o for o in outs if o in pointers], fields))
        if left is None or right is None:
            continue
        ln = declared_name(left) if n.type == "init_declarator" else text(strip_expr(left))
        if ln:
            pairs.extend((ln, base) for base in pointer_bases(right, fields=fields) if base)
    changed = True
    while changed:
        changed = False
        for a, b in pairs:
            if (a in out) != (b in out):
                out |= {a, b}
                changed = True
    return out


def _address_args(call: Node) -> list[str]:
    """The variables whose address a call is handed (``&end``)."""
    out: list[str] = []
    for x in call_args(call):
        a = strip_expr(x)
        if a.type == "pointer_expression" and text(a.child_by_field_name("operator")) == "&":
            inner = strip_expr(a.child_by_field_name("argument") or a)
            if inner.type == "identifier":
                out.append(text(inner))
    return out


def _out_pointer_pairs(call: Node, outs: list[str], fields: bool) -> list[tuple[str, str]]:
    """``f(buf, &q)``: a call handed a pointer variable's address may store into it a pointer into
    any other argument's object (``strtol(s, &end, 10)``, ``strtok_r(s, d, &save)``)."""
    if not outs:
        return []
    bases = {b for a in call_args(call) for b in pointer_bases(a, fields=fields) if b and b not in outs}
    return [(o, b) for o in outs for b in bases]


def _declared_pointers(func: Node) -> set[str]:
    """The names ``func`` (or its parameters) declares as pointers."""
    out: set[str] = set()
    for n in walk(func):
        if n.type in {"declaration", "parameter_declaration"}:
            for d in n.named_children:
                cur: Node | None = d
                if cur is not None and cur.type == "init_declarator":
                    cur = cur.child_by_field_name("declarator")
                if cur is not None and cur.type == "pointer_declarator":
                    out.add(declared_name(cur))
    return out


def store_target(n: Node) -> Node | None:
    """What an assignment (its left side) or an update (``++``/``--``: its operand) stores into;
    None for any other node."""
    if n.type == "assignment_expression":
        return n.child_by_field_name("left")
    if n.type == "update_expression":
        return n.child_by_field_name("argument")
    return None


def plain_definitions(func: Node, name: str) -> list[tuple[Node, Node]] | None:
    """Every ``(definition, value)`` of the variable ``name`` in ``func`` (``T name = v;``, ``name = v``),
    in order; None when anything else may change it: ``name += k``, ``name++``, or its address
    taken (``&name``: any call may then write it)."""
    out: list[tuple[Node, Node]] = []
    for n in walk(func):
        value: Node | None = None
        if n.type == "init_declarator" and declared_name(n.child_by_field_name("declarator")) == name:
            value = n.child_by_field_name("value")
        elif n.type == "assignment_expression" and stripped_text(n.child_by_field_name("left")) == name:
            if text(n.child_by_field_name("operator")) != "=":
                return None
            value = n.child_by_field_name("right")
        elif (n.type == "update_expression" and stripped_text(n.child_by_field_name("argument")) == name) or (
            n.type == "pointer_expression"
            and text(n.child_by_field_name("operator")) == "&"
            and stripped_text(n.child_by_field_name("argument")) == name
        ):
            return None
        if value is not None:
            out.append((n, value))
    return out


def initialiser_keeps(n: Node, pointers: set[str], *, fields: bool = False) -> bool:
    """``n`` is an initialiser list holding a pointer into one of ``pointers`` (``{ buf }``,
    ``{ .p = buf + 1 }``): another object keeps it, where other code may read or write through it."""
    if n.type != "initializer_list":
        return False
    for e in n.named_children:
        v = e.child_by_field_name("value") if e.type == "initializer_pair" else e
        if v is not None and v.type != "initializer_list" and pointer_bases(v, fields=fields) & pointers:
            return True
    return False


def ancestors(node: Node, top: Node) -> list[Node]:
    """The nodes enclosing ``node``, innermost first, below ``top``."""
    out: list[Node] = []
    cur = node.parent
    while cur is not None and cur != top:
        out.append(cur)
        cur = cur.parent
    return out


def in_static_declaration(n: Node) -> bool:
    """``n`` is (in) a ``static`` declaration: storage that outlives a call of its function."""
    cur: Node | None = n
    while cur is not None and cur.type != "declaration":
        cur = cur.parent
    return cur is not None and any(
        c.type == "storage_class_specifier" and text(c) == "static" for c in cur.children
    )


def assigned_to(call: Node) -> str | None:
    """What the value of ``call`` is stored into: the squashed text of the left side of ``x = call``
    (``sb``, ``b->buf``), or the name ``T *sb = call`` declares; None otherwise."""
    cur = call.parent
    while cur is not None and cur.type in {"cast_expression", "parenthesized_expression"}:
        cur = cur.parent
    if cur is None:
        return None
    if cur.type == "assignment_expression" and text(cur.child_by_field_name("operator")) == "=":
        left = cur.child_by_field_name("left")
        return squash(text(strip_expr(left))) if left is not None else None
    if cur.type == "init_declarator":
        return declared_name(cur.child_by_field_name("declarator")) or None
    return None
