"""What C expressions are worth: string and integer constants (through macros and definitions),
sizes of arrays, structs and types, and every value assigned to a variable."""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from tree_sitter import Node

from ..languages import parse
from .c_context import Ctx
from .c_spec import (
    C_LIMITS,
    C_TERMINATORS,
    COMMAND_FUNCS,
    COPY_FUNCS,
    FORMAT_FUNCS,
    READ_ONLY_ARGS,
    READS_AT,
    SCAN_FUNCS,
)
from .c_tree import (
    aliases_of,
    call_args,
    callee_of,
    declared_name,
    declared_node,
    enclosing_function,
    file_macros,
    func_name,
    initialiser_keeps,
    on_lines,
    param_names,
    pointer_base,
    strip_expr,
    stripped_text,
    text,
    walk,
)

INT_SUFFIX = re.compile(r"[uUlL]+$")


ELEM_SIZES = {
    "char": 1,
    "signed char": 1,
    "unsigned char": 1,
    "int8_t": 1,
    "uint8_t": 1,
    "char8_t": 1,
    "short": 2,
    "unsigned short": 2,
    "short int": 2,
    "unsigned long": 8,
    "long int": 8,
    "unsigned long long": 8,
    "uintptr_t": 8,
    "ssize_t": 8,
    "int16_t": 2,
    "uint16_t": 2,
    "int": 4,
    "unsigned": 4,
    "unsigned int": 4,
    "int32_t": 4,
    "uint32_t": 4,
    "float": 4,
    "wchar_t": 4,
    "long": 8,
    "int64_t": 8,
    "uint64_t": 8,
    "double": 8,
    "size_t": 8,
    "long long": 8,
}


CONV = re.compile(
    r"%(?:(\d+)\$)?([-+ #0]*)(\*|\d+)?(?:\.(\*|\d+))?(hh|h|ll|l|j|z|t|L)?([diouxXeEfFgGaAcspn%])"
)


_ESCAPES = {
    "n": 10,
    "t": 9,
    "r": 13,
    "0": 0,
    "a": 7,
    "b": 8,
    "f": 12,
    "v": 11,
    "\\": 92,
    "'": 39,
    '"': 34,
    "?": 63,
}


def char_value(spelling: str) -> int | None:
    """The value of a C character constant (``'a'``, ``'\\0'``, ``'\\x41'``, ``'\\101'``), or None
    (several characters, a wide prefix)."""
    m = re.fullmatch(r"'(.*)'", spelling.strip(), re.DOTALL)
    if m is None:
        return None
    body = m.group(1)
    if len(body) == 1:
        return ord(body)
    if not body.startswith("\\") or len(body) < 2:
        return None
    rest = body[1:]
    if re.fullmatch(r"[0-7]{1,3}", rest):
        return int(rest, 8) % 256
    if re.fullmatch(r"x[0-9a-fA-F]{1,2}", rest):
        return int(rest[1:], 16)
    return _ESCAPES.get(rest) if len(rest) == 1 else None


def literal_string(value: str) -> str | None:
    """The content of a C string literal text (concatenated pieces joined), or None."""
    pieces = re.findall(r'"((?:[^"\\]|\\.)*)"', value)
    if not pieces or re.sub(r'"((?:[^"\\]|\\.)*)"|\s|L|u8|u|U', "", value):
        return None
    joined = "".join(pieces)
    return re.sub(r"\\(x[0-9a-fA-F]+|[0-7]{1,3}|.)", "_", joined)


def literal_spelling(value: str) -> str | None:
    """A C string literal text's content as written (pieces joined, escapes kept), or None."""
    if literal_string(value) is None:
        return None
    return "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', value))


def const_string(ctx: Ctx, node: Node, func: Node | None, depth: int = 0) -> tuple[str, Node] | None:
    """The value of an expression that is always one string literal (the longest, if several)."""
    node = strip_expr(node)
    if node.type in {"string_literal", "concatenated_string"}:
        s = literal_string(text(node))
        return (s, node) if s is not None else None
    if node.type == "conditional_expression" and depth < 4:
        a = node.child_by_field_name("consequence")
        b = node.child_by_field_name("alternative")
        ra = const_string(ctx, a, func, depth + 1) if a is not None else None
        rb = const_string(ctx, b, func, depth + 1) if b is not None else None
        if ra and rb:
            return ra if len(ra[0]) >= len(rb[0]) else rb
        return None
    if node.type == "identifier" and depth < 4:
        name = text(node)
        macro = ctx.macro(name)
        if macro is not None:
            s = literal_string(macro)
            if ctx.ambiguous(name):  # defined more than one way (#ifdef): the longest, all literals
                values = ctx.macro_values(name)
                found = [f for f in (literal_string(v) for v in values) if f is not None]
                s = max(found, key=len) if len(found) == len(values) else None
            return (s, node) if s is not None else None
        defs = definitions(name, func, node, ctx)
        if not defs:
            return None
        best: tuple[str, Node] | None = None
        for d in defs:
            if d is None:
                return None
            r = const_string(ctx, d, func, depth + 1)
            if r is None:
                return None
            if best is None or len(r[0]) > len(best[0]):
                best = (r[0], d)
        return best
    return None


def const_string_choices(ctx: Ctx, node: Node, func: Node | None, depth: int = 0) -> list[str] | None:
    """Every string literal an expression :func:`const_string` finds constant may be (both arms of
    ``c ? "a" : "b"``, each definition of a variable), as the source spells them (escapes kept), without
    repeats; None when not constant."""
    node = strip_expr(node)
    if node.type in {"string_literal", "concatenated_string"}:
        s = literal_spelling(text(node))
        return [s] if s is not None else None
    if node.type == "conditional_expression" and depth < 4:
        out: list[str] = []
        for arm in (node.child_by_field_name("consequence"), node.child_by_field_name("alternative")):
            got = const_string_choices(ctx, arm, func, depth + 1) if arm is not None else None
            if got is None:
                return None
            out += [g for g in got if g not in out]
        return out
    if node.type == "identifier" and depth < 4:
        name = text(node)
        if ctx.macro(name) is not None:
            values = ctx.macro_values(name) or {ctx.macro(name) or ""}
            found = [f for f in (literal_spelling(v) for v in sorted(values)) if f is not None]
            return found if found and len(found) == len(values) else None
        defs = definitions(name, func, node, ctx)
        if not defs:
            return None
        out = []
        for d in defs:
            got = const_string_choices(ctx, d, func, depth + 1) if d is not None else None
            if got is None:
                return None
            out += [g for g in got if g not in out]
        return out
    return None


def const_int(ctx: Ctx, node: Node | None, func: Node | None, depth: int = 0) -> int | None:
    if node is None or depth > 6:
        return None
    node = strip_expr(node)
    t = node.type
    if t == "number_literal":
        return c_integer(INT_SUFFIX.sub("", text(node)))
    if t == "char_literal":
        return char_value(text(node))
    if t in {"true", "false"}:  # tree-sitter reads TRUE/FALSE as these too: a macro of the file wins
        macro = ctx.macro(text(node)) if text(node) not in {"true", "false"} else None
        if macro is not None and ctx.ambiguous(text(node)):
            return None
        return int_text(ctx, macro, func, depth) if macro is not None else int(t == "true")
    if t == "sizeof_expression":
        return sizeof_value(ctx, node, func)
    if t == "call_expression" and callee_of(node) == "sqrt" and len(call_args(node)) == 1:
        v = const_int(ctx, call_args(node)[0], func, depth + 1)
        return math.isqrt(v) if v is not None and v >= 0 else None  # its integer part
    if t == "call_expression" and depth < 4:
        from .c_macro_text import expand, function_macro

        defined = function_macro(ctx, callee_of(node))  # `ARRAY_SIZE(tab)`: what it expands to here
        args = call_args(node)
        if defined is not None and len(defined[0]) == len(args):
            return int_text(ctx, expand(defined[0], defined[1], [text(a) for a in args]), func, depth + 1)
    if t == "call_expression" and callee_of(node) in {"strlen", "wcslen"} and len(call_args(node)) == 1:
        s = const_string(ctx, call_args(node)[0], func, depth + 1)
        return len(s[0]) if s is not None else None  # a string that is always one literal
    if t == "identifier":
        if text(node) in ctx.values and func is not None and text(node) in param_names(func):
            return ctx.values[text(node)]  # a parameter this call passes a constant, unchanged in the callee
        macro = ctx.macro(text(node))
        if macro is not None:
            # defined more than one way (#ifdef branches): no one value holds for every build
            return None if ctx.ambiguous(text(node)) else int_text(ctx, macro, func, depth)
        enum = enum_value(ctx, text(node), depth)
        if enum is not None and (func is None or not declared_in(func, text(node))):
            return enum
        if text(node) in C_LIMITS and declared_type(text(node), func, ctx.parsed.tree.root_node) is None:
            return C_LIMITS[text(node)]  # <limits.h>, not defined here (passing it to a call writes nothing)
        defs = definitions(text(node), func, node, ctx, consts_only=True)
        if defs and all(d is not None for d in defs):
            vals = [const_int(ctx, d, func, depth + 1) for d in defs]
            if all(v is not None for v in vals) and len(set(vals)) == 1:
                return vals[0]
        if not defs and text(node) in C_LIMITS:
            return C_LIMITS[text(node)]  # <limits.h>, not defined in the workspace
        return None
    if t == "binary_expression":
        op = text(node.child_by_field_name("operator"))
        counted = _element_count(ctx, node, func) if op == "/" else None
        if counted is not None:
            return counted
        a = const_int(ctx, node.child_by_field_name("left"), func, depth + 1)
        if op in {"&&", "||"} and a is not None and (bool(a) is (op == "||")):
            return 1 if op == "||" else 0  # short circuit
        b = const_int(ctx, node.child_by_field_name("right"), func, depth + 1)
        if a is None or b is None:
            return None
        try:
            table: dict[str, Callable[[], int | None]] = {
                "+": lambda: a + b,
                "-": lambda: a - b,
                "*": lambda: a * b,
                "/": lambda: int(a / b) if b else None,
                "%": lambda: a % b if b else None,
                "<<": lambda: a << b if 0 <= b < 64 else None,
                ">>": lambda: a >> b if 0 <= b < 64 else None,
                "&": lambda: a & b,
                "|": lambda: a | b,
                "^": lambda: a ^ b,
                "<": lambda: int(a < b),
                "<=": lambda: int(a <= b),
                ">": lambda: int(a > b),
                ">=": lambda: int(a >= b),
                "==": lambda: int(a == b),
                "!=": lambda: int(a != b),
                "&&": lambda: int(bool(a) and bool(b)),
                "||": lambda: int(bool(a) or bool(b)),
            }
            fn = table.get(op)
            return fn() if fn is not None else None
        except Exception:
            return None
    if t == "unary_expression" and text(node.child_by_field_name("operator")) == "!":
        v = const_int(ctx, node.child_by_field_name("argument"), func, depth + 1)
        return int(not v) if v is not None else None
    if t == "unary_expression" and text(node.child_by_field_name("operator")) == "-":
        v = const_int(ctx, node.child_by_field_name("argument"), func, depth + 1)
        return -v if v is not None else None
    return None


def _element_count(ctx: Ctx, node: Node, func: Node | None) -> int | None:
    """``sizeof(a) / sizeof(a[0])`` (or ``/ sizeof(*a)``) of an array ``a`` whose element count is
    known: that count, whatever one element's size (a struct's padding is not needed)."""
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    sizes = [strip_expr(x) if x is not None else None for x in (left, right)]
    if any(x is None or x.type != "sizeof_expression" for x in sizes):
        return None
    values = [x.child_by_field_name("value") for x in sizes if x is not None]
    if len(values) != 2 or values[0] is None or values[1] is None:
        return None
    whole, one = strip_expr(values[0]), strip_expr(values[1])
    if whole.type != "identifier":
        return None
    if one.type == "subscript_expression":
        base, idx = one.child_by_field_name("argument"), one.child_by_field_name("index")
        if (
            base is None
            or idx is None
            or text(strip_expr(base)) != text(whole)
            or const_int(ctx, idx, func) != 0
        ):
            return None
    elif one.type == "pointer_expression" and text(one.child_by_field_name("operator")) == "*":
        base = one.child_by_field_name("argument")
        if base is None or text(strip_expr(base)) != text(whole):
            return None
    else:
        return None
    return array_count(ctx, text(whole), func)


def enum_value(ctx: Ctx, name: str, depth: int = 0) -> int | None:
    """The value of the enumeration constant ``name`` declared once in this file (``enum { OK = 0,
    ERR_NOMEM }``: each is the one before plus one unless given); None when not one, or declared in
    more than one ``enum``."""
    key = ("enum_values", ctx.path)
    memo = ctx.memo.get(key)
    table: dict[str, int | None] = memo if isinstance(memo, dict) else {}
    if not isinstance(memo, dict):
        seen: set[str] = set()
        for n in walk(ctx.parsed.tree.root_node):
            if n.type != "enumerator_list":
                continue
            nxt: int | None = 0
            for e in n.named_children:
                if e.type != "enumerator":
                    continue
                ename = text(e.child_by_field_name("name"))
                given = e.child_by_field_name("value")
                value = const_int(ctx, given, None, depth + 1) if given is not None else nxt
                table[ename] = None if ename in seen else value
                seen.add(ename)
                nxt = value + 1 if value is not None else None
        ctx.memo[key] = table
    got = table.get(name)
    return got if isinstance(got, int) else None


def c_integer(spelled: str) -> int | None:
    """The value of a C integer literal without its suffix: decimal, ``0x`` hex, ``0b`` binary or
    ``0``-led octal (``0432``); None when it is not one."""
    s = spelled.strip()
    negative = s.startswith("-")
    digits = s[1:] if negative else s
    try:
        if len(digits) > 1 and digits[0] == "0" and digits.isdigit():
            value = int(digits, 8)
        else:
            value = int(digits, 0)
    except ValueError:
        return None
    return -value if negative else value


def int_text(ctx: Ctx, value: str, func: Node | None, depth: int) -> int | None:
    v = value.strip()
    if depth < 6 and v and len(v) < 200:
        tree = parse(("int __sastls_macro = " + v + ";").encode("utf-8", "replace"), "c")
        decl = tree.root_node.named_children[0] if tree.root_node.named_children else None
        init = (
            next((c for c in walk(decl) if c.type == "init_declarator"), None) if decl is not None else None
        )
        value_node = init.child_by_field_name("value") if init is not None else None
        if value_node is not None and not tree.root_node.has_error:
            got = const_int(ctx, value_node, func, depth + 1)  # a macro expands where it is used
            if got is not None:
                return got
    m = re.fullmatch(r"\(?\s*(-?(?:0[xX][0-9a-fA-F]+|\d+))[uUlL]*\s*\)?", v)
    if m:
        return c_integer(m.group(1))
    m = re.fullmatch(r"\(?\s*([A-Za-z_]\w*)\s*\)?", v)
    if m and depth < 6:
        inner = ctx.macro(m.group(1))
        if inner is None or ctx.ambiguous(m.group(1)):
            return None
        return int_text(ctx, inner, func, depth + 1)
    m = re.fullmatch(r"\(?\s*(\w+)\s*([-+*])\s*(\w+)\s*\)?", v)
    if m and depth < 6:
        a = int_text(ctx, m.group(1), func, depth + 1)
        b = int_text(ctx, m.group(3), func, depth + 1)
        if a is not None and b is not None:
            return {"+": a + b, "-": a - b, "*": a * b}[m.group(2)]
    return None


def sizeof_value(ctx: Ctx, node: Node, func: Node | None) -> int | None:
    value = node.child_by_field_name("value")
    typ = node.child_by_field_name("type")
    if value is not None:
        v = strip_expr(value)
        if v.type == "identifier":
            got = array_size(ctx, text(v), func, v)
            if got is None:
                got = type_size(ctx, text(v))  # sizeof(T) of a typedef T
            if got is None:
                scalar = declared_type(text(v), func, ctx.parsed.tree.root_node)
                got = ELEM_SIZES.get(scalar) if scalar is not None else None  # sizeof(x) of a scalar x
            return got
        if v.type == "field_expression":
            return dst_size(ctx, v, func)
        if v.type == "subscript_expression" or (
            v.type == "pointer_expression" and text(v.child_by_field_name("operator")) == "*"
        ):
            return _element_size(ctx, v.child_by_field_name("argument"), func)
        if v.type in {"string_literal", "concatenated_string"}:
            s = literal_string(text(v))
            return len(s) + 1 if s is not None else None
        return None
    if typ is not None:
        name = " ".join(text(typ).split())
        if name.startswith("struct "):
            return struct_size(ctx, name[7:].strip())
        return ELEM_SIZES.get(name) or type_size(ctx, name)
    return None


_BYTE_ELEMENTS = frozenset({"char", "unsigned char", "signed char", "uint8_t", "int8_t"})


def row_bytes(ctx: Ctx, arr: Node, func: Node | None) -> int | None:
    """The bytes of one row of the two-dimensional byte array ``arr`` (``char rcpt[8][64]``: 64), when
    every declaration of that name in the file agrees."""
    a = strip_expr(arr)
    name = text(a.child_by_field_name("field") or a) if a.type == "field_expression" else text(a)
    found: set[int | None] = set()
    for n in walk(ctx.parsed.tree.root_node):
        if n.type != "array_declarator" or declared_name(n) != name:
            continue
        inner = n.child_by_field_name("declarator")
        if (
            inner is None
            or inner.type != "array_declarator"
            or inner.child_by_field_name("declarator") is None
        ):
            continue
        if inner.child_by_field_name("declarator").type == "array_declarator":  # type: ignore[union-attr]
            found.add(None)  # three dimensions or more
            continue
        holder = n.parent
        typ = holder.child_by_field_name("type") if holder is not None else None
        size = n.child_by_field_name("size")
        rows = const_int(ctx, size, func) if size is not None else None
        words = " ".join(text(typ).split()) if typ is not None else ""
        found.add(rows if words in _BYTE_ELEMENTS and rows is not None and rows > 0 else None)
    return found.pop() if len(found) == 1 else None


def _element_size(ctx: Ctx, base: Node | None, func: Node | None) -> int | None:
    """``sizeof(a[0])`` / ``sizeof(*a)``: the size of one element of the array ``a`` (``T a[N]``) or of
    what the pointer ``a`` (``T *a``) points to, or a pointer for ``T *a[N]``; None for anything else
    (``T **a``)."""
    b = strip_expr(base) if base is not None else None
    row = row_bytes(ctx, b, func) if b is not None and b.type in {"identifier", "field_expression"} else None
    if row is not None:
        return row  # `sizeof(s->rows[0])` of `char rows[8][32]`
    if b is None or b.type != "identifier":
        return None
    name = text(b)
    for scope in [x for x in (func, ctx.parsed.tree.root_node) if x is not None]:
        for n in walk(scope):
            if n.type not in {"declaration", "parameter_declaration", "field_declaration"}:
                continue
            for d in n.named_children:
                if declared_name(d) != name:
                    continue
                kinds: list[str] = []
                cur: Node | None = d
                while cur is not None and cur.type not in {"identifier", "field_identifier"}:
                    if cur.type != "init_declarator":
                        kinds.append(cur.type)
                    cur = cur.child_by_field_name("declarator")
                if kinds == ["pointer_declarator", "array_declarator"]:
                    return 8  # `T *a[N]`: one element is a pointer
                if kinds not in (["array_declarator"], ["pointer_declarator"]):
                    return None
                words = [
                    text(c)
                    for c in n.children
                    if c.type in {"primitive_type", "sized_type_specifier", "type_identifier"}
                ]
                typ = " ".join(" ".join(words).split())
                if "unsigned" in typ and "char" in typ:
                    return 1
                return ELEM_SIZES.get(typ) or type_size(ctx, typ)
    return None


def type_size(ctx: Ctx, name: str, depth: int = 0) -> int | None:
    """The size of a type name: a primitive, or a ``typedef`` of the file naming one (or a struct)."""
    if name in ELEM_SIZES:
        return ELEM_SIZES[name]
    if depth > 4:
        return None
    for n in (c for root in _roots(ctx, name) for c in walk(root)):  # include-guarded headers too
        if n.type != "type_definition" or text(n.child_by_field_name("declarator")) != name:
            continue
        spec = n.child_by_field_name("type")
        if spec is not None and spec.type == "struct_specifier" and spec.child_by_field_name("body"):
            return _struct_body_size(ctx, spec)  # typedef struct {...} name
        declarator = n.child_by_field_name("declarator")
        kinds = {"primitive_type", "sized_type_specifier", "type_identifier"}
        words = [text(c) for c in n.children if c.type in kinds and c != declarator]
        base = " ".join(" ".join(words).split())
        if "unsigned" in base and "char" in base:
            return 1
        return ELEM_SIZES.get(base) or (type_size(ctx, base, depth + 1) if base and base != name else None)
    return None


def struct_size(ctx: Ctx, name: str) -> int | None:
    """sizeof(struct name) when every field has a known size (padding to the largest field)."""
    for root in _roots(ctx, name):
        for n in walk(root):
            if n.type != "struct_specifier" or text(n.child_by_field_name("name")) != name:
                continue
            if n.child_by_field_name("body") is None:
                continue
            return _struct_body_size(ctx, n)
    return None


def _roots(ctx: Ctx, name: str) -> list[Node]:
    """The file's syntax tree, then those of the headers it includes that define ``name``."""
    roots = [ctx.parsed.tree.root_node]
    try:
        matches = ctx.index.definitions(name, from_path=ctx.path, limit=3, fuzzy=False)
    except Exception:
        return roots
    for m in matches:
        if m.strategy == "import" and m.symbol.kind in {"struct", "typedef"}:
            other = ctx.index.file(m.symbol.path)
            if other is not None and other.tree.root_node not in roots:
                roots.append(other.tree.root_node)
    return roots


def _struct_body_size(ctx: Ctx, n: Node) -> int | None:
    body = n.child_by_field_name("body")
    if body is None:
        return None
    total, largest = 0, 1
    for f in body.named_children:
        if f.type != "field_declaration":
            continue
        words = [
            text(c)
            for c in f.children
            if c.type in {"primitive_type", "sized_type_specifier", "type_identifier"}
        ]
        size = ELEM_SIZES.get(" ".join(" ".join(words).split()))
        decls = [
            d
            for d in f.named_children
            if d.type in {"field_identifier", "array_declarator", "pointer_declarator"}
        ]
        for d in decls:
            align = 8 if d.type == "pointer_declarator" else size
            if d.type == "pointer_declarator":
                each = 8
            elif d.type == "array_declarator":
                count = const_int(ctx, d.child_by_field_name("size"), None)
                each = size * count if size is not None and count is not None else None  # type: ignore[assignment]
            else:
                each = size  # type: ignore[assignment]
            if each is None or align is None:
                return None
            align = min(align, 8)
            total = -(-total // align) * align + each  # each field starts at a multiple of its alignment
            largest = max(largest, align)
    return -(-total // largest) * largest if total else None


def array_size(ctx: Ctx, name: str, func: Node | None, at: Node) -> int | None:
    """Bytes of the array ``name`` declared in ``func`` (before ``at``) or at file level."""
    n = _array_declarator(name, func, ctx.parsed.tree.root_node)
    if n is None:
        return None
    if n.parent is not None and n.parent.type == "parameter_declaration":
        return param_array_size(ctx, n, func)  # a pointer: trust the bound only if callers honour it
    size_node = n.child_by_field_name("size")
    elem = elem_size(n)
    if size_node is None:
        init = (
            n.parent.child_by_field_name("value")
            if n.parent is not None and n.parent.type == "init_declarator"
            else None
        )
        if init is not None:
            s = const_string(ctx, init, func)
            if s is not None and elem is not None:
                return (len(s[0]) + 1) * elem
        count = array_count(ctx, name, func)  # `const char *names[] = { "a", "b" }`
        return count * elem if count is not None and elem is not None else None
    count = const_int(ctx, size_node, func)
    if count is None or elem is None:
        return None
    return count * elem


def array_count(ctx: Ctx, name: str, func: Node | None) -> int | None:
    """Elements of the array ``name`` declared with a constant size in ``func`` or at file level
    (whatever its elements are: structs too); not of an array parameter, which is a pointer."""
    n = _array_declarator(name, func, ctx.parsed.tree.root_node)
    if n is None or (n.parent is not None and n.parent.type == "parameter_declaration"):
        return None
    size_node = n.child_by_field_name("size")
    if size_node is not None:
        return const_int(ctx, size_node, func)
    holder = n.parent
    while holder is not None and holder.type == "pointer_declarator":  # `const char *names[] = {...}`
        holder = holder.parent
    init = (
        holder.child_by_field_name("value")
        if holder is not None and holder.type == "init_declarator"
        else None
    )
    if (
        init is not None
        and init.type == "initializer_list"
        and n.child_by_field_name("declarator") is not None
    ):
        items = [c for c in init.named_children if c.type != "comment"]
        if strip_expr(n.child_by_field_name("declarator") or n).type == "identifier" and not any(
            c.type == "initializer_pair" for c in items
        ):
            return len(items)  # `T t[] = { a, b, c }`: as many elements as it is given
    return None


def array_elem_size(name: str, func: Node | None, root: Node) -> int | None:
    """Bytes of one element of the array ``name`` declared in ``func`` or at file level (8 for an array
    of pointers); None when it is no array or its element's size is not known."""
    n = _array_declarator(name, func, root)
    return elem_size(n) if n is not None else None


def _array_declarator(name: str, func: Node | None, root: Node) -> Node | None:
    """The array declarator of ``name`` in ``func`` or at file level; None when a parameter or local
    of ``func`` that is no array hides it."""
    scopes = [func] if func is not None else []
    scopes.append(root)
    for scope in scopes:
        if scope != func and func is not None and declared_in(func, name):
            return None  # a parameter or local of ``func`` that is no array hides any file-level one
        for n in walk(scope):
            if n.type != "array_declarator":
                continue
            decl = n.child_by_field_name("declarator")
            if decl is None or text(decl) != name:
                continue
            owner = enclosing_function(n)
            if (scope == func and owner != func) or (scope != func and owner is not None):
                continue  # another function's array of the same name
            return n
    return None


def declared_in(func: Node, name: str) -> bool:
    """``name`` is a parameter of ``func`` or declared in its body."""
    for n in walk(func):
        if n.type in {"parameter_declaration", "declaration"} and any(
            declared_name(d) == name or (d.type == "identifier" and text(d) == name) for d in n.named_children
        ):
            return True
    return False


def param_array_size(ctx: Ctx, decl: Node, func: Node | None) -> int | None:
    """``f(uint8_t out[N])``: N bytes when every workspace caller passes an array at least that big."""
    if func is None or decl.parent is None:
        return None
    size_node = decl.child_by_field_name("size")
    count = const_int(ctx, size_node, None) if size_node is not None else None
    elem = elem_size(decl)
    if count is None or elem is None:
        return None
    declared = count * elem
    params = param_names(func)
    name = text(decl.child_by_field_name("declarator"))
    if name not in params:
        return None
    pos = params.index(name)
    try:
        sites = ctx.index.callers(func_name(func), limit=50)
    except Exception:
        return None
    if not sites:
        return None
    for site in sites:
        parsed = ctx.index.file(site.path)
        if parsed is None:
            return None
        calls = [
            c
            for c in on_lines(parsed.tree.root_node, site.line, site.line, {"call_expression"})
            if callee_of(c) == func_name(func)
        ]
        if not calls:
            return None
        if site.path != ctx.path and any(
            n.type == "function_definition" and func_name(n) == func_name(func)
            for n in parsed.tree.root_node.named_children
        ):
            continue  # that file calls its own function of the same name
        other = Ctx(ctx.finding, parsed, ctx.index, file_macros(parsed.tree.root_node))
        for call in calls:
            args = call_args(call)
            if pos >= len(args):
                return None
            arg = strip_expr(args[pos])
            got = (
                array_size(other, text(arg), enclosing_function(call), arg)
                if arg.type == "identifier"
                else None
            )
            if got is None or got < declared:
                return None
    return declared


def elem_size(array_decl: Node) -> int | None:
    """Bytes of one element of the array ``array_decl`` declares (8 for an array of pointers:
    ``const char *names[4]``)."""
    cur: Node | None = array_decl
    while cur is not None and cur.type not in {"declaration", "field_declaration", "parameter_declaration"}:
        if cur.type == "pointer_declarator":
            return 8
        cur = cur.parent
    if cur is None:
        return None
    typ = cur.child_by_field_name("type")
    if typ is None:
        return None
    words = [
        text(c)
        for c in cur.children
        if c.type in {"primitive_type", "sized_type_specifier", "type_identifier"}
    ]
    name = " ".join(" ".join(words).split()) or text(typ)
    if "unsigned" in name and "char" in name:
        return 1
    return ELEM_SIZES.get(name)


def dst_size(ctx: Ctx, dst: Node, func: Node | None) -> int | None:
    d = strip_expr(dst)
    if d.type == "identifier":
        return array_size(ctx, text(d), func, d)
    if d.type == "field_expression":
        field = d.child_by_field_name("field")
        if field is not None:
            return array_size(ctx, text(field), None, d)
    return None


def sizeof_own_array(ctx: Ctx, node: Node, dst: Node, func: Node | None) -> bool:
    """``sizeof(dst)`` (or ``sizeof(dst) - k``, ``/ k``) where ``dst`` is an array of known size: not a
    pointer, nor an array parameter (both are pointers, whose sizeof is the pointer's own 8 bytes)."""
    d = strip_expr(dst)
    if not is_sizeof_of(node, text(d)):
        return False
    if d.type == "identifier" and func is not None:
        params = func.child_by_field_name("declarator")
        plist = params.child_by_field_name("parameters") if params is not None else None
        if plist is not None and any(
            declared_name(p.child_by_field_name("declarator")) == text(d)
            for p in plist.named_children
            if p.type == "parameter_declaration"
        ):
            return False
    return dst_size(ctx, d, func) is not None or _declared_array(d, func, ctx.parsed.tree.root_node)


def _declared_array(d: Node, func: Node | None, root: Node) -> bool:
    """``d`` names an array by its declaration (a local or file variable, or a struct member),
    whatever its size (a macro of a system header): ``sizeof`` of it is the array's own size."""
    if d.type == "field_expression":
        name, kinds = text(d.child_by_field_name("field") or d), {"field_declaration"}
        scopes = [root]
    elif d.type == "identifier":
        name, kinds = text(d), {"declaration"}
        scopes = ([func] if func is not None else []) + [root]
    else:
        return False
    for scope in scopes:
        kinds_found: list[str] = []
        for n in walk(scope):
            if n.type not in kinds:
                continue
            for x in n.named_children:
                inner = x.child_by_field_name("declarator") if x.type == "init_declarator" else x
                if inner is not None and declared_name(x) == name:
                    kinds_found.append(inner.type)
        if kinds_found:
            return all(k == "array_declarator" for k in kinds_found)
    return False


def is_sizeof_of(node: Node, name: str) -> bool:
    n = strip_expr(node)
    if n.type == "sizeof_expression":
        v = n.child_by_field_name("value")
        return v is not None and text(strip_expr(v)) == name
    if n.type == "binary_expression" and text(n.child_by_field_name("operator")) in {"-", "/"}:
        left = n.child_by_field_name("left")
        return left is not None and is_sizeof_of(left, name)
    return False


def definitions(
    name: str, func: Node | None, at: Node, ctx: Ctx, *, consts_only: bool = False, content: bool = True
) -> list[Node | None]:
    """Values assigned to local or global ``name``: initialisers and assignments (None = unknown)."""
    out: list[Node | None] = []
    is_param = False
    if func is not None:
        decl = func.child_by_field_name("declarator")
        params = decl.child_by_field_name("parameters") if decl is not None else None
        for p in params.named_children if params is not None else []:
            if (
                p.type == "parameter_declaration"
                and declared_name(p.child_by_field_name("declarator")) == name
            ):
                is_param = True
    if is_param:
        return [None]
    found_local = False
    names = aliases_of(func, name) if func is not None and content else {name}
    # a pointer into it kept outside the function's locals (a global, a field): any call may write it
    escaped = (
        func is not None
        and content
        and any(
            not declared_in(func, x) and declared_type(x, func, ctx.parsed.tree.root_node) is not None
            for x in names - {name}
        )
    )
    if func is not None and _unseen_writes(ctx, func, name, names, content):
        out.append(None)
    if func is not None:
        for n in walk(func):
            if escaped and n.type == "call_expression" and callee_of(n) not in _NO_RETAIN:
                out.append(None)
                continue
            if n.type == "init_declarator":
                d = n.child_by_field_name("declarator")
                ident = declared_name(d)
                if ident == name:
                    found_local = True
                    out.append(n.child_by_field_name("value"))
            elif n.type == "declaration" and any(
                text(declared_node(c)) == name
                for c in n.named_children
                if c.type in {"identifier", "pointer_declarator", "array_declarator"}
            ):
                found_local = True
            elif n.type == "assignment_expression":
                left = n.child_by_field_name("left")
                lhs = strip_expr(left) if left is not None else None
                if left is not None and text(left) == name:
                    op = text(n.child_by_field_name("operator"))
                    out.append(n.child_by_field_name("right") if op == "=" else None)
                elif (
                    lhs is not None
                    and lhs.type in {"subscript_expression", "pointer_expression"}
                    and pointer_base(lhs.child_by_field_name("argument") or lhs) in names
                ):
                    out.append(None)  # an element written (`a[2] = 'x'`, `*q = 'x'` with q into it)
            elif n.type in {"update_expression"} and text(n.child_by_field_name("argument")) == name:
                out.append(None)
            elif (
                n.type == "pointer_expression"
                and text(n.child_by_field_name("operator")) == "&"
                and text(n.child_by_field_name("argument")) == name
            ):
                out.append(None)  # its address escapes: anything may write it
            elif content and n.type == "call_expression" and any(writes_argument(n, x) for x in names):
                out.append(None)  # passed to a function that may write through it (or a pointer into it)
    if not found_local:
        root = ctx.parsed.tree.root_node
        for n in root.named_children:
            if n.type == "declaration":
                for c in n.named_children:
                    if (
                        c.type == "init_declarator"
                        and declared_name(c.child_by_field_name("declarator")) == name
                    ):
                        qualifiers = text(n).split("=")[0]
                        if (
                            consts_only
                            and "const" not in qualifiers
                            and not private_unwritten(n, root, name, ctx)
                        ):
                            return [None]
                        out.append(c.child_by_field_name("value"))
                        found_local = True
        if found_local:
            for n in walk(root):
                left = n.child_by_field_name("left") if n.type == "assignment_expression" else None
                lhs = strip_expr(left) if left is not None else None
                if left is not None and text(left) == name:
                    out.append(None)
                elif (
                    lhs is not None
                    and lhs.type in {"subscript_expression", "pointer_expression"}
                    and pointer_base(lhs.child_by_field_name("argument") or lhs) == name
                ):
                    out.append(None)  # an element of the global written somewhere in the file
                elif (
                    n.type == "pointer_expression"
                    and text(n.child_by_field_name("operator")) == "&"
                    and stripped_text(n.child_by_field_name("argument")) == name
                ):
                    out.append(None)  # its address taken: anything may write it
                elif content and n.type == "call_expression" and writes_argument(n, name):
                    out.append(None)  # a global buffer filled by some function of the file
    return out


def _unseen_writes(ctx: Ctx, func: Node, name: str, names: set[str], content: bool) -> bool:
    """``name`` (or, for its ``content``, what ``names`` point into) may be written in ``func`` where
    the parsed text does not show it: a macro used there names it (``#define RESET() (n = 100)``), a
    macro that only renames it (``#define COUNT n``) is assigned, incremented, has its address taken
    or is handed to a call that may write it, or an initialiser list keeps a pointer into it."""
    from .c_macro_text import alias_macros, macro_naming

    renames = alias_macros(ctx, func, names)
    if macro_naming(ctx, func, names | renames) is not None:
        return True
    for n in walk(func):
        if content and initialiser_keeps(n, names):
            return True
        if not renames:
            continue
        if n.type == "assignment_expression" and stripped_text(n.child_by_field_name("left")) in renames:
            return True
        if n.type == "update_expression" and stripped_text(n.child_by_field_name("argument")) in renames:
            return True
        if (
            n.type == "pointer_expression"
            and text(n.child_by_field_name("operator")) == "&"
            and stripped_text(n.child_by_field_name("argument")) in renames
        ):
            return True
        if content and n.type == "call_expression" and any(writes_argument(n, m) for m in renames):
            return True
    return False


_NO_RETAIN = (
    frozenset(COPY_FUNCS) | frozenset(FORMAT_FUNCS) | READ_ONLY_ARGS | frozenset(COMMAND_FUNCS)
    | frozenset(SCAN_FUNCS) | C_TERMINATORS | {"malloc", "calloc", "free", "strlen", "wcslen"}
)  # fmt: skip


def private_unwritten(decl: Node, root: Node, name: str, ctx: Ctx | None = None) -> bool:
    """A ``static`` variable of the file (no other file can name it) that nothing in the file
    writes: no assignment, increment, address taken, or call that may write it. Its value is
    its initialiser, as if it were ``const``. A macro whose body names it may write it wherever
    the macro is used (``#define CLEAR flag = 0``), and so may the other files of its translation
    unit (a header it includes that names it, a file that includes this one): with ``ctx``, those
    are looked for in the workspace; without it, only this file's macros are."""
    if not any(c.type == "storage_class_specifier" and text(c) == "static" for c in decl.children):
        return False
    word = re.compile(r"\b" + re.escape(name) + r"\b")
    for n in walk(root):
        if n.type in {"preproc_def", "preproc_function_def"}:
            body = n.child_by_field_name("value")
            if body is not None and word.search(text(body)):
                return False  # expanded where it is used: its text is not parsed here
            continue
        if n.type == "assignment_expression" and stripped_text(n.child_by_field_name("left")) == name:
            return False
        if n.type == "update_expression" and stripped_text(n.child_by_field_name("argument")) == name:
            return False
        if (
            n.type == "pointer_expression"
            and text(n.child_by_field_name("operator")) == "&"
            and stripped_text(n.child_by_field_name("argument")) == name
        ):
            return False
        if n.type == "call_expression" and writes_argument(n, name):
            return False
    if ctx is not None:
        from .c_unit import unit_closed

        return unit_closed(ctx, name)
    return True


def writes_argument(call: Node, name: str) -> bool:
    """``name`` is passed where the callee may write through it (not a known read-only position)."""
    callee = callee_of(call)
    for i, a in enumerate(call_args(call)):
        if pointer_base(a) != name:
            continue
        if callee in SCAN_FUNCS and i > SCAN_FUNCS[callee]:
            return True  # scanf writes its arguments
        if callee in READS_AT and i in READS_AT[callee]:
            continue  # only read there (regexec()'s string)
        if (
            callee in READ_ONLY_ARGS
            or (callee in FORMAT_FUNCS and i >= FORMAT_FUNCS[callee])
            or callee in COMMAND_FUNCS
        ):
            if callee in COPY_FUNCS and COPY_FUNCS[callee][0] == i:
                return True
            continue
        if callee in COPY_FUNCS and COPY_FUNCS[callee][0] != i:
            continue
        return True
    return False


def declared_type(name: str, func: Node | None, root: Node) -> str | None:
    for scope in ([func] if func is not None else []) + [root]:
        for n in walk(scope):
            if n.type in {"declaration", "parameter_declaration", "field_declaration"}:
                for d in n.named_children:
                    if d.type in {
                        "identifier",
                        "init_declarator",
                        "pointer_declarator",
                        "array_declarator",
                        "field_identifier",
                    } and (declared_name(d) == name or (d.type == "identifier" and text(d) == name)):
                        words = [
                            text(c)
                            for c in n.children
                            if c.type in {"primitive_type", "sized_type_specifier", "type_identifier"}
                        ]
                        ptr = d.type == "pointer_declarator" or (
                            d.type == "init_declarator" and "*" in text(d).split("=")[0]
                        )
                        t = " ".join(" ".join(words).split())
                        return t + (" *" if ptr or d.type == "array_declarator" else "")
    return None


UNSIGNED = re.compile(r"\bunsigned\b|\bsize_t\b|\buint\w*_t\b|\bu_?int\b|\bu(8|16|32|64)\b")


def base_and_offset(ctx: Ctx, e: Node, func: Node | None) -> tuple[Node, int] | None:
    """``p + K`` (``K`` a constant at least 0) as ``(p, K)``, anything else as ``(e, 0)``; None for a
    sum whose offset is not such a constant."""
    x = strip_expr(e)
    if x.type != "binary_expression" or text(x.child_by_field_name("operator")) != "+":
        return x, 0
    left, right = x.child_by_field_name("left"), x.child_by_field_name("right")
    k = const_int(ctx, right, func) if right is not None else None
    if left is None or k is None or k < 0:
        return None
    return strip_expr(left), k
