"""The C side of the offline judgement (tree-sitter-c), a principled subset:

- CWE-134: the format argument is a string literal (directly, through a macro, or a variable
  only ever assigned literals);
- CWE-120/787: copies bounded by the destination (``sizeof(dst)``, constants no larger than the
  array, lengths checked against it, literal sources shorter than the buffer, ``sprintf`` whose
  longest output fits), array indexes checked against the size;
- CWE-78: ``system``/``popen``/``exec*`` whose command arguments are all literals;
- CWE-476: a pointer use dominated by a NULL check, or a pointer that can never be NULL;
- CWE-190: arithmetic whose operands are bounded by a dominating range check, or constants
  whose result fits.

Anything else keeps the finding (TRUE_POSITIVE) or asks for review.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tree_sitter import Node

from ...findings.model import Finding
from ..languages import parse
from .c_spec import (
    ALWAYS_UNBOUNDED,
    C_TERMINATORS,
    COMMAND_FUNCS,
    COPY_FUNCS,
    FORMAT_FUNCS,
    INT_MAX_NAMES,
    NUMBER_PARSERS,
    READ_ONLY_ARGS,
    SAFE_ALLOCATORS,
)
from .families import Family
from .outcome import Outcome
from .values import Note

if TYPE_CHECKING:
    from ..index import ParsedFile, WorkspaceIndex

_INT_SUFFIX = re.compile(r"[uUlL]+$")
_ELEM_SIZES = {
    "char": 1,
    "signed char": 1,
    "unsigned char": 1,
    "int8_t": 1,
    "uint8_t": 1,
    "char8_t": 1,
    "short": 2,
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
_INT_LIMITS = {"int": (-(2**31), 2**31 - 1), "unsigned": (0, 2**32 - 1)}
_CONV = re.compile(
    r"%(?:(\d+)\$)?([-+ #0]*)(\*|\d+)?(?:\.(\*|\d+))?(hh|h|ll|l|j|z|t|L)?([diouxXeEfFgGaAcspn%])"
)


def text(node: Node | None) -> str:
    return "" if node is None or node.text is None else node.text.decode("utf-8", "replace")


def line_of(node: Node) -> int:
    return node.start_point[0] + 1


@dataclass
class Ctx:
    finding: Finding
    parsed: ParsedFile
    index: WorkspaceIndex
    macros: dict[str, str]

    @property
    def path(self) -> str:
        return self.parsed.path

    def note(self, node: Node, why: str, role: str) -> Note:
        return Note(self.path, line_of(node), node.end_point[0] + 1, why, role)  # type: ignore[arg-type]

    def macro(self, name: str) -> str | None:
        if name in self.macros:
            return self.macros[name]
        try:
            matches = self.index.definitions(name, from_path=self.path, limit=3)
        except Exception:
            return None
        for m in matches:
            if m.strategy in {"same_file", "import"} and m.symbol.kind == "macro":
                other = self.index.file(m.symbol.path)
                if other is None:
                    continue
                line = other.line_text(m.symbol.start_line)
                mm = re.match(r"\s*#\s*define\s+" + re.escape(name) + r"\s+(.*)$", line)
                if mm:
                    value = mm.group(1).split("//")[0].strip()
                    self.macros[name] = value
                    return value
        return None


def judge_c(finding: Finding, family: Family, parsed: ParsedFile, index: WorkspaceIndex) -> Outcome:
    root = parsed.tree.root_node
    ctx = Ctx(finding, parsed, index, _file_macros(root))
    lo = finding.line
    hi = min(max(finding.location.region.last_line, lo), lo + 20)
    if family == "format_string":
        return _format(ctx, root, lo, hi)
    if family == "command":
        return _command(ctx, root, lo, hi)
    if family == "buffer":
        return _buffer(ctx, root, lo, hi)
    if family == "null_deref":
        return _null(ctx, root, lo, hi)
    if family == "int_overflow":
        return _overflow(ctx, root, lo, hi)
    return Outcome(
        "NEEDS_REVIEW", 0.3, "not modelled for C", f"The {family} family is not modelled for C.", []
    )


def _review(what: str, path: str, line: int) -> Outcome:
    return Outcome("NEEDS_REVIEW", 0.3, "no sink found", f"No {what} was recognised at {path}:{line}.", [])


# ------------------------------------------------------------ tree helpers


def _file_macros(root: Node) -> dict[str, str]:
    out: dict[str, str] = {}
    for n in _walk(root):
        if n.type == "preproc_def":
            name, value = n.child_by_field_name("name"), n.child_by_field_name("value")
            if name is not None and value is not None:
                out[text(name)] = text(value).strip()
    return out


def _walk(node: Node) -> Iterator[Node]:
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(n.children))


def _on_lines(root: Node, lo: int, hi: int, types: set[str]) -> list[Node]:
    out: list[Node] = []
    stack = [root]
    while stack:
        n = stack.pop()
        if n.end_point[0] + 1 < lo or n.start_point[0] + 1 > hi:
            continue
        if n.type in types and lo <= n.start_point[0] + 1 <= hi:
            out.append(n)
        stack.extend(reversed(n.named_children))
    return out


def _callee(call: Node) -> str:
    fn = call.child_by_field_name("function")
    return text(fn) if fn is not None and fn.type == "identifier" else ""


def _args(call: Node) -> list[Node]:
    a = call.child_by_field_name("arguments")
    return [c for c in a.named_children if c.type != "comment"] if a is not None else []


def _function(node: Node) -> Node | None:
    cur = node.parent
    while cur is not None and cur.type != "function_definition":
        cur = cur.parent
    return cur


def _strip(node: Node) -> Node:
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


# ------------------------------------------------------------ constants


def _literal_string(value: str) -> str | None:
    """The content of a C string literal text (concatenated pieces joined), or None."""
    pieces = re.findall(r'"((?:[^"\\]|\\.)*)"', value)
    if not pieces or re.sub(r'"((?:[^"\\]|\\.)*)"|\s|L|u8|u|U', "", value):
        return None
    joined = "".join(pieces)
    return re.sub(r"\\(x[0-9a-fA-F]+|[0-7]{1,3}|.)", "_", joined)


def const_string(ctx: Ctx, node: Node, func: Node | None, depth: int = 0) -> tuple[str, Node] | None:
    """The value of an expression that is always one string literal (the longest, if several)."""
    node = _strip(node)
    if node.type in {"string_literal", "concatenated_string"}:
        s = _literal_string(text(node))
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
            s = _literal_string(macro)
            return (s, node) if s is not None else None
        defs = _definitions(name, func, node, ctx)
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


def const_int(ctx: Ctx, node: Node | None, func: Node | None, depth: int = 0) -> int | None:
    if node is None or depth > 6:
        return None
    node = _strip(node)
    t = node.type
    if t == "number_literal":
        raw = _INT_SUFFIX.sub("", text(node))
        try:
            return int(raw, 0)
        except ValueError:
            return None
    if t == "char_literal":
        return 1
    if t == "sizeof_expression":
        return _sizeof(ctx, node, func)
    if t == "identifier":
        macro = ctx.macro(text(node))
        if macro is not None:
            return _int_text(ctx, macro, func, depth)
        defs = _definitions(text(node), func, node, ctx, consts_only=True)
        if defs and all(d is not None for d in defs):
            vals = [const_int(ctx, d, func, depth + 1) for d in defs]
            if all(v is not None for v in vals) and len(set(vals)) == 1:
                return vals[0]
        return None
    if t == "binary_expression":
        op = text(node.child_by_field_name("operator"))
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


def _int_text(ctx: Ctx, value: str, func: Node | None, depth: int) -> int | None:
    v = value.strip()
    if depth < 6 and v and len(v) < 200:
        tree = parse(("int __sastls_macro = " + v + ";").encode("utf-8", "replace"), "c")
        decl = tree.root_node.named_children[0] if tree.root_node.named_children else None
        init = (
            next((c for c in _walk(decl) if c.type == "init_declarator"), None) if decl is not None else None
        )
        value_node = init.child_by_field_name("value") if init is not None else None
        if value_node is not None and not tree.root_node.has_error:
            got = const_int(ctx, value_node, None, depth + 1)
            if got is not None:
                return got
    m = re.fullmatch(r"\(?\s*(-?(?:0[xX][0-9a-fA-F]+|\d+))[uUlL]*\s*\)?", v)
    if m:
        return int(m.group(1), 0)
    m = re.fullmatch(r"\(?\s*([A-Za-z_]\w*)\s*\)?", v)
    if m and depth < 6:
        inner = ctx.macro(m.group(1))
        return _int_text(ctx, inner, func, depth + 1) if inner is not None else None
    m = re.fullmatch(r"\(?\s*(\w+)\s*([-+*])\s*(\w+)\s*\)?", v)
    if m and depth < 6:
        a = _int_text(ctx, m.group(1), func, depth + 1)
        b = _int_text(ctx, m.group(3), func, depth + 1)
        if a is not None and b is not None:
            return {"+": a + b, "-": a - b, "*": a * b}[m.group(2)]
    return None


def _sizeof(ctx: Ctx, node: Node, func: Node | None) -> int | None:
    value = node.child_by_field_name("value")
    typ = node.child_by_field_name("type")
    if value is not None:
        v = _strip(value)
        if v.type == "identifier":
            return array_size(ctx, text(v), func, v)
        if v.type == "field_expression":
            return _dst_size(ctx, v, func)
        if v.type in {"string_literal", "concatenated_string"}:
            s = _literal_string(text(v))
            return len(s) + 1 if s is not None else None
        return None
    if typ is not None:
        name = " ".join(text(typ).split())
        if name.startswith("struct "):
            return _struct_size(ctx, name[7:].strip())
        return _ELEM_SIZES.get(name)
    return None


def _struct_size(ctx: Ctx, name: str) -> int | None:
    """sizeof(struct name) when every field has a known size (padding to the largest field)."""
    for n in _walk(ctx.parsed.tree.root_node):
        if n.type != "struct_specifier" or text(n.child_by_field_name("name")) != name:
            continue
        body = n.child_by_field_name("body")
        if body is None:
            continue
        total, largest = 0, 1
        for f in body.named_children:
            if f.type != "field_declaration":
                continue
            words = [
                text(c)
                for c in f.children
                if c.type in {"primitive_type", "sized_type_specifier", "type_identifier"}
            ]
            size = _ELEM_SIZES.get(" ".join(" ".join(words).split()))
            decls = [
                d
                for d in f.named_children
                if d.type in {"field_identifier", "array_declarator", "pointer_declarator"}
            ]
            for d in decls:
                if d.type == "pointer_declarator":
                    each = 8
                elif d.type == "array_declarator":
                    count = const_int(ctx, d.child_by_field_name("size"), None)
                    each = size * count if size is not None and count is not None else None  # type: ignore[assignment]
                else:
                    each = size  # type: ignore[assignment]
                if each is None:
                    return None
                largest = max(largest, min(each, 8))
                total += each
        return -(-total // largest) * largest if total else None
    return None


def array_size(ctx: Ctx, name: str, func: Node | None, at: Node) -> int | None:
    """Bytes of the array ``name`` declared in ``func`` (before ``at``) or at file level."""
    scopes = [func] if func is not None else []
    scopes.append(ctx.parsed.tree.root_node)
    for scope in scopes:
        for n in _walk(scope):
            if n.type == "function_definition" and func not in (n, scope):
                continue
            if n.type != "array_declarator":
                continue
            decl = n.child_by_field_name("declarator")
            if decl is None or text(decl) != name:
                continue
            if _function(n) != func and scope == func:
                continue
            if n.parent is not None and n.parent.type == "parameter_declaration":
                return _param_array_size(ctx, n, func)  # a pointer: trust the bound only if callers honour it
            size_node = n.child_by_field_name("size")
            elem = _elem_size(n)
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
                return None
            count = const_int(ctx, size_node, func)
            if count is None or elem is None:
                return None
            return count * elem
    return None


def _param_array_size(ctx: Ctx, decl: Node, func: Node | None) -> int | None:
    """``f(uint8_t out[N])``: N bytes when every workspace caller passes an array at least that big."""
    if func is None or decl.parent is None:
        return None
    size_node = decl.child_by_field_name("size")
    count = const_int(ctx, size_node, None) if size_node is not None else None
    elem = _elem_size(decl)
    if count is None or elem is None:
        return None
    declared = count * elem
    params = _param_names(func)
    name = text(decl.child_by_field_name("declarator"))
    if name not in params:
        return None
    pos = params.index(name)
    try:
        sites = ctx.index.callers(_func_name(func), limit=50)
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
            for c in _on_lines(parsed.tree.root_node, site.line, site.line, {"call_expression"})
            if _callee(c) == _func_name(func)
        ]
        if not calls:
            return None
        if site.path != ctx.path and any(
            n.type == "function_definition" and _func_name(n) == _func_name(func)
            for n in parsed.tree.root_node.named_children
        ):
            continue  # that file calls its own function of the same name
        other = Ctx(ctx.finding, parsed, ctx.index, _file_macros(parsed.tree.root_node))
        for call in calls:
            args = _args(call)
            if pos >= len(args):
                return None
            arg = _strip(args[pos])
            got = array_size(other, text(arg), _function(call), arg) if arg.type == "identifier" else None
            if got is None or got < declared:
                return None
    return declared


def _elem_size(array_decl: Node) -> int | None:
    cur: Node | None = array_decl
    while cur is not None and cur.type not in {"declaration", "field_declaration", "parameter_declaration"}:
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
    return _ELEM_SIZES.get(name)


def _definitions(
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
                and _declared_name(p.child_by_field_name("declarator")) == name
            ):
                is_param = True
    if is_param:
        return [None]
    found_local = False
    if func is not None:
        for n in _walk(func):
            if n.type == "init_declarator":
                d = n.child_by_field_name("declarator")
                ident = _declared_name(d)
                if ident == name:
                    found_local = True
                    out.append(n.child_by_field_name("value"))
            elif n.type == "declaration" and any(
                text(_declared_node(c)) == name
                for c in n.named_children
                if c.type in {"identifier", "pointer_declarator", "array_declarator"}
            ):
                found_local = True
            elif n.type == "assignment_expression":
                left = n.child_by_field_name("left")
                if left is not None and text(left) == name:
                    op = text(n.child_by_field_name("operator"))
                    out.append(n.child_by_field_name("right") if op == "=" else None)
            elif n.type in {"update_expression"} and text(n.child_by_field_name("argument")) == name:
                out.append(None)
            elif (
                n.type == "pointer_expression"
                and text(n.child_by_field_name("operator")) == "&"
                and text(n.child_by_field_name("argument")) == name
            ):
                out.append(None)  # its address escapes: anything may write it
            elif content and n.type == "call_expression" and _writes_argument(n, name):
                out.append(None)  # passed to a function that may write through it
            elif n.type == "assignment_expression":
                left = n.child_by_field_name("left")
                if (
                    left is not None
                    and left.type == "subscript_expression"
                    and text(left.child_by_field_name("argument")) == name
                ):
                    out.append(None)
    if not found_local:
        root = ctx.parsed.tree.root_node
        for n in root.named_children:
            if n.type == "declaration":
                for c in n.named_children:
                    if (
                        c.type == "init_declarator"
                        and _declared_name(c.child_by_field_name("declarator")) == name
                    ):
                        qualifiers = text(n)
                        if consts_only and "const" not in qualifiers.split("=")[0]:
                            return [None]
                        out.append(c.child_by_field_name("value"))
                        found_local = True
        if found_local:
            for n in _walk(root):
                if n.type == "assignment_expression" and text(n.child_by_field_name("left")) == name:
                    out.append(None)
                elif content and n.type == "call_expression" and _writes_argument(n, name):
                    out.append(None)  # a global buffer filled by some function of the file
    return out


def _writes_argument(call: Node, name: str) -> bool:
    """``name`` is passed where the callee may write through it (not a known read-only position)."""
    callee = _callee(call)
    for i, a in enumerate(_args(call)):
        if text(_strip(a)) != name:
            continue
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


def _declared_node(d: Node | None) -> Node | None:
    while d is not None and d.type in {
        "pointer_declarator",
        "array_declarator",
        "init_declarator",
        "parenthesized_declarator",
        "function_declarator",
    }:
        d = d.child_by_field_name("declarator")
    return d


def _declared_name(d: Node | None) -> str:
    return text(_declared_node(d))


# ------------------------------------------------------------ dominating conditions


def holding_conditions(node: Node) -> list[tuple[Node, bool, Node]]:
    """Conditions known to hold (cond, truth, where) whenever ``node`` runs."""
    out: list[tuple[Node, bool, Node]] = []
    child = node
    cur = node.parent
    while cur is not None and cur.type != "function_definition":
        t = cur.type
        if t == "if_statement":
            cond = cur.child_by_field_name("condition")
            cons = cur.child_by_field_name("consequence")
            alt = cur.child_by_field_name("alternative")
            if cond is not None and cons is not None and _inside(child, cons):
                out.append((cond, True, cur))
            elif cond is not None and alt is not None and _inside(child, alt):
                out.append((cond, False, cur))
        elif t in {"while_statement", "for_statement"}:
            cond = cur.child_by_field_name("condition")
            body = cur.child_by_field_name("body")
            if cond is not None and body is not None and _inside(child, body):
                out.append((cond, True, cur))
        elif t == "binary_expression":
            op = text(cur.child_by_field_name("operator"))
            left, right = cur.child_by_field_name("left"), cur.child_by_field_name("right")
            if left is not None and right is not None and _inside(child, right):
                if op == "&&":
                    out.append((left, True, cur))
                elif op == "||":
                    out.append((left, False, cur))
        elif t == "conditional_expression":
            cond = cur.child_by_field_name("condition")
            cons = cur.child_by_field_name("consequence")
            alt = cur.child_by_field_name("alternative")
            if cond is not None and cons is not None and _inside(child, cons):
                out.append((cond, True, cur))
            elif cond is not None and alt is not None and _inside(child, alt):
                out.append((cond, False, cur))
        elif t == "compound_statement":
            stmts = [c for c in cur.named_children if c.type != "comment"]
            idx = next((i for i, s in enumerate(stmts) if _inside(child, s)), None)
            if idx is not None:
                for i in range(idx - 1, -1, -1):
                    s = stmts[i]
                    if s.type == "if_statement":
                        cond = s.child_by_field_name("condition")
                        cons = s.child_by_field_name("consequence")
                        alt = s.child_by_field_name("alternative")
                        if cond is None or cons is None:
                            continue
                        if _reassigned(cond, stmts[i + 1 : idx + 1], node):
                            continue  # the checked variables change before the use
                        if _terminates(cons) and (alt is None or not _terminates(alt)):
                            out.append((cond, False, s))
                        elif alt is not None and _terminates(alt) and not _terminates(cons):
                            out.append((cond, True, s))
        child = cur
        cur = cur.parent
    return out


def _inside(node: Node, container: Node) -> bool:
    return container.start_byte <= node.start_byte and node.end_byte <= container.end_byte


def _terminates(stmt: Node) -> bool:
    t = stmt.type
    if t in {"return_statement", "break_statement", "continue_statement", "goto_statement"}:
        return True
    if t == "compound_statement":
        body = [c for c in stmt.named_children if c.type != "comment"]
        return bool(body) and _terminates(body[-1])
    if t == "expression_statement" and stmt.named_children:
        e = stmt.named_children[0]
        return e.type == "call_expression" and _callee(e) in C_TERMINATORS
    if t == "if_statement":
        cons, alt = stmt.child_by_field_name("consequence"), stmt.child_by_field_name("alternative")
        return cons is not None and alt is not None and _terminates(cons) and _terminates(alt)
    if t == "else_clause":
        return bool(stmt.named_children) and _terminates(stmt.named_children[-1])
    return False


def _names(node: Node) -> set[str]:
    return {text(n) for n in _walk(node) if n.type == "identifier"}


def _reassigned(cond: Node, stmts: list[Node], upto: Node) -> bool:
    names = _names(cond)
    for s in stmts:
        for n in _walk(s):
            if n.start_byte >= upto.start_byte:
                break
            if n.type == "assignment_expression" and text(n.child_by_field_name("left")) in names:
                return True
            if n.type == "update_expression" and text(n.child_by_field_name("argument")) in names:
                return True
    return False


def _subject(node: Node) -> str:
    """The variable a comparison is about (``(p = f())`` is about ``p``)."""
    n = _strip(node)
    if n.type == "assignment_expression" and text(n.child_by_field_name("operator")) == "=":
        left = n.child_by_field_name("left")
        return text(_strip(left)) if left is not None else text(n)
    return text(n)


def atoms(cond: Node, truth: bool) -> list[tuple[Node, bool]]:
    """Split a holding condition into facts that hold individually."""
    c = cond
    while c.type == "parenthesized_expression" and c.named_children:
        c = c.named_children[0]
    if c.type == "unary_expression" and text(c.child_by_field_name("operator")) == "!":
        arg = c.child_by_field_name("argument")
        return atoms(arg, not truth) if arg is not None else []
    if c.type == "binary_expression":
        op = text(c.child_by_field_name("operator"))
        left, right = c.child_by_field_name("left"), c.child_by_field_name("right")
        if left is not None and right is not None:
            if (op == "&&" and truth) or (op == "||" and not truth):
                return atoms(left, truth) + atoms(right, truth)
            if op in {"&&", "||"}:
                return []
    return [(c, truth)]


_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}
_NEG = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "=="}


def comparisons(cond: Node, truth: bool) -> list[tuple[str, str, Node]]:
    """Facts as (variable text, operator, other side) with the variable on the left."""
    out: list[tuple[str, str, Node]] = []
    for a, t in atoms(cond, truth):
        if a.type != "binary_expression":
            if a.type in {"identifier", "field_expression"}:
                out.append((text(a), "!=" if t else "==", a))  # `p` means p != 0
            continue
        op = text(a.child_by_field_name("operator"))
        if op not in _FLIP:
            continue
        if not t:
            op = _NEG[op]
        left, right = a.child_by_field_name("left"), a.child_by_field_name("right")
        if left is None or right is None:
            continue
        out.append((_subject(left), op, right))
        out.append((_subject(right), _FLIP[op], left))
    return out


# ------------------------------------------------------------ dead code, string provenance, wrappers


def _dead(ctx: Ctx, node: Node) -> Note | None:
    """A dominating condition that folds to the opposite constant: ``node`` never runs."""
    func = _function(node)
    for cond, truth, where in holding_conditions(node):
        value = const_int(ctx, cond, func)
        if value is not None and bool(value) != truth:
            return ctx.note(
                where, f"dead branch: `{text(cond)}` is always {'true' if value else 'false'}", "dead_branch"
            )
    return None


def _live(ctx: Ctx, nodes: list[Node]) -> tuple[list[Node], list[Note]]:
    live: list[Node] = []
    dead: list[Note] = []
    for n in nodes:
        d = _dead(ctx, n)
        if d is None:
            live.append(n)
        else:
            dead.append(d)
    return live, dead


def _all_dead(ctx: Ctx, nodes: list[Node], dead: list[Note]) -> Outcome:
    sink = ctx.note(nodes[0], "reported code", "sink")
    return Outcome(
        "FALSE_POSITIVE", 0.85, "dead code", f"The reported code never runs: {dead[0].why}.", [sink, *dead]
    )


_INPUT_WRITERS = frozenset(
    {"fgets", "gets", "read", "recv", "recvfrom", "fread", "scanf", "fscanf", "getline", "getdelim"}
)
_INPUT_CALLS = frozenset({"getenv", "secure_getenv", "readline"})


def clean_text(ctx: Ctx, expr: Node, func: Node | None, depth: int = 0) -> tuple[bool | None, Note | None]:
    """Whether a C string expression can hold attacker text: True (no), False (yes), None (unknown)."""
    e = _strip(expr)
    if depth > 5:
        return None, None
    found = const_string(ctx, e, func)
    if found is not None:
        return True, ctx.note(found[1], f'constant "{found[0][:40]}"', "constant")
    if e.type == "conditional_expression":
        a, b = e.child_by_field_name("consequence"), e.child_by_field_name("alternative")
        ra = clean_text(ctx, a, func, depth + 1) if a is not None else (None, None)
        rb = clean_text(ctx, b, func, depth + 1) if b is not None else (None, None)
        if ra[0] is False or rb[0] is False:
            return False, ra[1] if ra[0] is False else rb[1]
        if ra[0] and rb[0]:
            return True, ra[1]
        return None, None
    if e.type == "subscript_expression":
        arr = e.child_by_field_name("argument")
        if arr is not None and _strip(arr).type == "identifier" and _const_array(ctx, _strip(arr), func):
            return True, ctx.note(e, f"`{text(arr)}` holds only literals", "constant")
        return None, None
    if e.type == "call_expression":
        if _callee(e) in _INPUT_CALLS:
            return False, ctx.note(e, f"{_callee(e)}() returns outside input", "source")
        return None, None
    if e.type != "identifier" or func is None:
        return None, None
    name = text(e)
    if _is_param(func, name):
        return False, ctx.note(e, f"`{name}` is a parameter of {_func_name(func)}()", "source")
    verdicts: list[tuple[bool | None, Note | None]] = []
    for n in _walk(func):
        if n.type == "init_declarator" and _declared_name(n.child_by_field_name("declarator")) == name:
            value = n.child_by_field_name("value")
            if value is not None:
                verdicts.append(clean_text(ctx, value, func, depth + 1))
        elif n.type == "assignment_expression" and text(n.child_by_field_name("left")) == name:
            right = n.child_by_field_name("right")
            verdicts.append(clean_text(ctx, right, func, depth + 1) if right is not None else (None, None))
        elif n.type == "call_expression" and any(text(_strip(a)) == name for a in _args(n)):
            verdicts.append(_written_by(ctx, n, name, func, depth))
    if not verdicts:
        return None, None
    if any(v is False for v, _ in verdicts):
        return False, next(note for v, note in verdicts if v is False)
    if all(v is True for v, _ in verdicts):
        return True, next((note for _, note in verdicts if note is not None), None)
    return None, None


def _written_by(ctx: Ctx, call: Node, name: str, func: Node, depth: int) -> tuple[bool | None, Note | None]:
    """What ``call`` writes into ``name`` when it is passed as an argument."""
    callee = _callee(call)
    args = _args(call)
    pos = next(i for i, a in enumerate(args) if text(_strip(a)) == name)
    if (
        callee in READ_ONLY_ARGS
        or (callee in FORMAT_FUNCS and pos >= FORMAT_FUNCS[callee])
        or callee in COMMAND_FUNCS
    ) and not (callee in COPY_FUNCS and COPY_FUNCS[callee][0] == pos):
        return True, None  # only read
    if callee in _INPUT_WRITERS:
        return False, ctx.note(call, f"{callee}() reads outside input into `{name}`", "source")
    if callee in {"snprintf", "sprintf"} and pos == 0:
        fmt_i = FORMAT_FUNCS[callee]
        fmt = const_string(ctx, args[fmt_i], func) if fmt_i < len(args) else None
        if fmt is None:
            return None, None
        values = args[fmt_i + 1 :]
        convs = [m for m in _CONV.finditer(fmt[0]) if m.group(6) != "%"]
        for i, m in enumerate(convs):
            if m.group(6) != "s":
                continue  # numbers and characters cannot carry a command
            if i >= len(values):
                return None, None
            ok, note = clean_text(ctx, values[i], func, depth + 1)
            if ok is not True:
                return ok, note
        return True, ctx.note(
            call, f'`{name}` is formatted from "{fmt[0][:40]}" with numbers or constants', "constant"
        )
    if (
        callee in {"strcpy", "strncpy", "strcat", "strncat", "memcpy", "stpcpy", "strlcpy", "strlcat"}
        and pos == 0
    ) and len(args) > 1:
        return clean_text(ctx, args[1], func, depth + 1)
    if callee == "memset" and pos == 0:
        return True, None
    return None, None


def _is_param(func: Node, name: str) -> bool:
    decl = func.child_by_field_name("declarator")
    while decl is not None and decl.type != "function_declarator":
        decl = decl.child_by_field_name("declarator")
    decl.child_by_field_name("parameters") if decl is not None else None
    return name in _param_names(func)


def _param_names(func: Node) -> list[str]:
    decl = func.child_by_field_name("declarator")
    while decl is not None and decl.type != "function_declarator":
        decl = decl.child_by_field_name("declarator")
    params = decl.child_by_field_name("parameters") if decl is not None else None
    out: list[str] = []
    for p in params.named_children if params is not None else []:
        if p.type == "variadic_parameter":
            continue
        out.append(_declared_name(p.child_by_field_name("declarator")))
    return out


def _func_name(func: Node) -> str:
    decl = func.child_by_field_name("declarator")
    while decl is not None and decl.type != "function_declarator":
        decl = decl.child_by_field_name("declarator")
    return text(decl.child_by_field_name("declarator")) if decl is not None else "?"


def _definition(ctx: Ctx, call: Node) -> tuple[Ctx, Node] | None:
    """The workspace definition of the C function ``call`` calls (through local headers)."""
    name = _callee(call)
    if not name:
        return None
    try:
        matches = ctx.index.definitions(name, from_path=ctx.path, line=line_of(call), limit=5)
    except Exception:
        return None
    for m in matches:
        sym = m.symbol
        if m.strategy == "fuzzy" or sym.kind != "function" or getattr(sym, "declaration", False):
            continue
        parsed = ctx.index.file(sym.path)
        if parsed is None or parsed.language not in {"c", "cpp"}:
            continue
        node = parsed.node_for(sym)
        while node is not None and node.type != "function_definition":
            node = node.parent if node.type != "translation_unit" else None
        if node is None:
            found = [
                n
                for n in _walk(parsed.tree.root_node)
                if n.type == "function_definition" and _func_name(n) == name
            ]
            node = found[0] if found else None
        if node is not None:
            other = Ctx(ctx.finding, parsed, ctx.index, _file_macros(parsed.tree.root_node))
            return other, node
    return None


def _wrapped_params(
    ctx: Ctx, call: Node, table: dict[str, int] | dict[str, tuple[int, ...]]
) -> tuple[list[int], Ctx, Node] | None:
    """Parameters of a workspace function that it passes to a sink of ``table`` (format/command)."""
    found = _definition(ctx, call)
    if found is None:
        return None
    octx, func = found
    params = _param_names(func)
    out: list[int] = []
    for inner in _walk(func):
        if inner.type != "call_expression" or _callee(inner) not in table:
            continue
        spec = table[_callee(inner)]
        idxs = (spec,) if isinstance(spec, int) else (spec or tuple(range(len(_args(inner)))))
        iargs = _args(inner)
        for i in idxs:
            if i < len(iargs) and text(_strip(iargs[i])) in params:
                out.append(params.index(text(_strip(iargs[i]))))
    return (sorted(set(out)), octx, func) if out else None


# ------------------------------------------------------------ families


def _format(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
    calls = _on_lines(root, lo, hi, {"call_expression"})
    sites: list[tuple[Node, Node, str]] = []  # (call, format argument, what)
    for call in calls:
        name = _callee(call)
        args = _args(call)
        if name in FORMAT_FUNCS:
            idx = FORMAT_FUNCS[name]
            if idx < len(args):
                sites.append((call, args[idx], f"{name}()"))
            continue
        wrapped = _wrapped_params(ctx, call, FORMAT_FUNCS) if name else None
        if wrapped is not None:
            for i in wrapped[0]:
                if i < len(args):
                    sites.append((call, args[i], f"{name}() (passes its format to a printf-like call)"))
    if not sites:
        return _review("printf-like call", ctx.path, lo)
    live, dead = _live(ctx, [c for c, _, _ in sites])
    if not live:
        return _all_dead(ctx, [c for c, _, _ in sites], dead)
    notes: list[Note] = []
    for call, fmt, what in sites:
        if call not in live:
            continue
        sink = ctx.note(call, f"format argument of {what}", "sink")
        found = const_string(ctx, fmt, _function(call))
        if found is None:
            return Outcome(
                "TRUE_POSITIVE",
                0.8,
                "format string is not a constant",
                f"The format argument of {what} at line {line_of(call)} (`{text(fmt)}`) "
                "is not a string literal, "
                "so its content may come from outside.",
                [sink, ctx.note(fmt, f"format `{text(fmt)}` is not a literal", "source")],
            )
        notes.append(sink)
        notes.append(ctx.note(found[1], f'format is the constant "{found[0][:40]}"', "constant"))
    return Outcome(
        "FALSE_POSITIVE",
        0.9,
        "constant format string",
        "Every format string on the line is a string literal; no input can add conversions.",
        notes,
    )


def _command(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
    sites: list[tuple[Node, list[Node], str, Ctx]] = []
    for call in _on_lines(root, lo, hi, {"call_expression"}):
        name = _callee(call)
        args = _args(call)
        if name in COMMAND_FUNCS:
            idxs = COMMAND_FUNCS[name] or tuple(range(len(args)))
            sites.append((call, [args[i] for i in idxs if i < len(args)], f"{name}()", ctx))
            continue
        wrapped = _wrapped_params(ctx, call, COMMAND_FUNCS) if name else None
        if wrapped is not None:
            sites.append(
                (
                    call,
                    [args[i] for i in wrapped[0] if i < len(args)],
                    f"{name}() (runs it as a command)",
                    ctx,
                )
            )
    if not sites:
        return _review("command execution call", ctx.path, lo)
    live, dead = _live(ctx, [c for c, _, _, _ in sites])
    if not live:
        return _all_dead(ctx, [c for c, _, _, _ in sites], dead)
    notes: list[Note] = []
    for call, args, what, _ in sites:
        if call not in live:
            continue
        func = _function(call)
        sink = ctx.note(call, f"{what} runs a command", "sink")
        notes.append(sink)
        for a0 in args:
            a = _strip(a0)
            if a.type in {"null", "number_literal"} or text(a) in {"NULL", "0"}:
                continue
            if (
                a.type == "identifier"
                and _callee(call).startswith(("execv", "posix_spawn"))
                and _const_array(ctx, a, func)
            ):
                notes.append(ctx.note(a, f"`{text(a)}` holds only literals", "constant"))
                continue
            ok, note = clean_text(ctx, a, func)
            if ok is not True:
                evidence = [
                    sink,
                    *(
                        [note]
                        if note is not None
                        else [ctx.note(a, f"`{text(a)}` is not a constant", "source")]
                    ),
                ]
                return Outcome(
                    "TRUE_POSITIVE",
                    0.8 if ok is False else 0.6,
                    "command built from input" if ok is False else "command is not a constant",
                    f"Argument `{text(a)}` of {what} at line {line_of(call)} "
                    + ("carries outside input." if ok is False else "is not known to be constant."),
                    evidence,
                )
            if note is not None:
                notes.append(note)
    return Outcome(
        "FALSE_POSITIVE",
        0.9,
        "constant argument",
        "The command is built only from literals and numbers; no input reaches it.",
        notes,
    )


def _const_array(ctx: Ctx, ident: Node, func: Node | None) -> bool:
    """``char *argv[] = {"ls", "-l", NULL}`` never written afterwards."""
    name = text(ident)
    init: Node | None = None
    local = func is not None and any(
        n.type == "init_declarator" and _declared_name(n.child_by_field_name("declarator")) == name
        for n in _walk(func)
    )
    scope = func if local and func is not None else ctx.parsed.tree.root_node
    for n in _walk(scope):
        if n.type == "init_declarator" and _declared_name(n.child_by_field_name("declarator")) == name:
            init = n.child_by_field_name("value")
        if n.type == "assignment_expression":
            left = n.child_by_field_name("left")
            if left is not None and (text(left) == name or text(left).startswith(name + "[")):
                return False
    if init is None or init.type != "initializer_list":
        return False
    for item in init.named_children:
        i = _strip(item)
        if i.type in {"null"} or text(i) in {"NULL", "0"}:
            continue
        if const_string(ctx, i, func) is None:
            return False
    return True


def _buffer(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
    lines_calls = _on_lines(root, lo, hi, {"call_expression"})
    calls = [c for c in lines_calls if _callee(c) in COPY_FUNCS]
    wrappers = [
        c
        for c in lines_calls
        if _callee(c) not in COPY_FUNCS and _callee(c) and _copy_wrapper(ctx, c) is not None
    ]
    subs = [s for s in _on_lines(root, lo, hi, {"subscript_expression"}) if _is_write(s)] if not calls else []
    targets: list[Node] = [*calls, *wrappers, *subs]
    if not targets:
        decl = _declared_arrays(root, lo, hi)
        if decl:
            return _array_uses(ctx, root, decl)
        return _review("copy or array access", ctx.path, lo)
    live, dead = _live(ctx, targets)
    if not live:
        return _all_dead(ctx, targets, dead)
    notes: list[Note] = []
    for node in live:
        if node in calls:
            r = _copy_safe(ctx, node)
        elif node in wrappers:
            r = _wrapper_copy_safe(ctx, node)
        else:
            r = _index_safe(ctx, node)
        if isinstance(r, Outcome):
            return r
        notes.extend(r)
    return Outcome(
        "FALSE_POSITIVE",
        0.85,
        "bounded by the destination size",
        "Every write on the line is bounded by the size of its destination.",
        notes,
    )


def _is_write(sub: Node) -> bool:
    parent = sub.parent
    if parent is not None and parent.type == "update_expression":
        return True
    return (
        parent is not None
        and parent.type == "assignment_expression"
        and parent.child_by_field_name("left") == sub
    )


def _declared_arrays(root: Node, lo: int, hi: int) -> list[str]:
    """Arrays declared on the reported lines (a finding about a fixed-size buffer declaration)."""
    out: list[str] = []
    for n in _on_lines(root, lo, hi, {"array_declarator"}):
        d = n.child_by_field_name("declarator")
        if d is not None and d.type in {"identifier", "field_identifier"}:
            out.append(text(d))
    return out


def _dst_matches(dst: Node, names: list[str]) -> bool:
    t = text(_strip(dst))
    return any(t == n or t.endswith(("." + n, "->" + n)) for n in names)


def _array_uses(ctx: Ctx, root: Node, names: list[str]) -> Outcome:
    """A declaration finding is about the writes into the array: judge every one of them."""
    notes: list[Note] = []
    count = 0
    for n in _walk(root):
        if n.type == "call_expression":
            callee = _callee(n)
            args = _args(n)
            if callee in COPY_FUNCS:
                d = COPY_FUNCS[callee][0]
                if d < len(args) and _dst_matches(args[d], names):
                    count += 1
                    if _dead(ctx, n) is not None:
                        continue
                    r = _copy_safe(ctx, n)
                    if isinstance(r, Outcome):
                        return r
                    notes.extend(r)
            elif (
                callee
                and any(_dst_matches(a, names) for a in args)
                and callee not in READ_ONLY_ARGS
                and callee not in FORMAT_FUNCS
            ):
                wrapped = _copy_wrapper(ctx, n)
                if wrapped is None:
                    return _keep(
                        ctx,
                        n,
                        f"`{callee}()` may write into the array without a known bound",
                        "unbounded write",
                    )
                count += 1
                r = _wrapper_copy_safe(ctx, n)
                if isinstance(r, Outcome):
                    return r
                notes.extend(r)
        elif n.type == "subscript_expression" and _is_write(n):
            arr = n.child_by_field_name("argument")
            if arr is not None and _dst_matches(arr, names):
                count += 1
                r2 = _index_safe(ctx, n)
                if isinstance(r2, Outcome):
                    return r2
                notes.extend(r2)
    why = (
        f"every write into {', '.join(f'`{n}`' for n in names)} is bounded by its size"
        if count
        else (f"nothing writes into {', '.join(f'`{n}`' for n in names)} beyond its declaration")
    )
    first = ctx.note(root, why, "guard") if not notes else notes[0]
    return Outcome(
        "FALSE_POSITIVE", 0.75, "every write is bounded", why[0].upper() + why[1:] + ".", [first, *notes[1:]]
    )


def _copy_wrapper(ctx: Ctx, call: Node) -> tuple[Ctx, Node, list[tuple[Node, int, int | None]]] | None:
    """A workspace function copying into one of its parameters: [(inner copy, dst param, bounding param)]."""
    found = _definition(ctx, call)
    if found is None:
        return None
    octx, func = found
    params = _param_names(func)
    copies: list[tuple[Node, int, int | None]] = []
    for inner in _walk(func):
        if inner.type != "call_expression" or _callee(inner) not in COPY_FUNCS:
            continue
        d_i, _s_i, n_i = COPY_FUNCS[_callee(inner)]
        iargs = _args(inner)
        if d_i >= len(iargs) or text(_strip(iargs[d_i])) not in params:
            continue
        dst_param = params.index(text(_strip(iargs[d_i])))
        bound: int | None = None
        if 0 <= n_i < len(iargs) and _callee(inner) not in {"strncat"}:
            length = iargs[n_i]
            named = [params.index(x) for x in _names(length) if x in params]
            if (
                named
                and _strip(length).type in {"identifier", "binary_expression"}
                and text(length).find("+") < 0
            ):
                bound = named[0]
            else:
                for cond, truth, _where in holding_conditions(inner):
                    for var, op, other in comparisons(cond, truth):
                        # length is var (or var + 1 when var < bound)
                        if (
                            var in _names(length)
                            and op in {"<", "<="}
                            and _strip(other).type == "identifier"
                            and text(_strip(other)) in params
                            and (op == "<" or text(_strip(length)) == var)
                        ):
                            bound = params.index(text(_strip(other)))
        copies.append((inner, dst_param, bound))
    return (octx, func, copies) if copies else None


def _wrapper_copy_safe(ctx: Ctx, call: Node) -> list[Note] | Outcome:
    found = _copy_wrapper(ctx, call)
    if found is None:
        return _keep(ctx, call, f"{_callee(call)}() writes without a known bound")
    octx, _func, copies = found
    args = _args(call)
    func = _function(call)
    notes = [ctx.note(call, f"{_callee(call)}() copies into its argument", "sink")]
    for inner, dst_param, bound in copies:
        if dst_param >= len(args):
            return _keep(ctx, call, f"{_callee(call)}() call not understood")
        dst = _strip(args[dst_param])
        if bound is None:
            # unbounded inside: judge it as that copy with this call's arguments
            if _callee(inner) in {"strcpy", "stpcpy"}:
                params = _param_names(_function(inner) or inner)
                src_name = text(_strip(_args(inner)[1])) if len(_args(inner)) > 1 else ""
                if src_name in params and params.index(src_name) < len(args):
                    src = const_string(ctx, args[params.index(src_name)], func)
                    size = _dst_size(ctx, dst, func)
                    if src is not None and size is not None and len(src[0]) + 1 <= size:
                        notes.append(
                            ctx.note(
                                call,
                                f"copies a {len(src[0])}-character literal into {size} bytes",
                                "constant",
                            )
                        )
                        continue
            return _keep(
                ctx,
                call,
                f"{_callee(call)}() copies into `{text(dst)}` without a bound ({octx.path}:{line_of(inner)})",
            )
        if bound >= len(args):
            return _keep(ctx, call, f"{_callee(call)}() call not understood")
        cap = args[bound]
        size = _dst_size(ctx, dst, func)
        value = const_int(ctx, cap, func)
        if _is_sizeof_of(cap, text(dst)) or (value is not None and size is not None and value <= size):
            notes.append(
                ctx.note(
                    call,
                    f"bounded by `{text(cap)}`, the size of `{text(dst)}` ({octx.path}:{line_of(inner)})",
                    "guard",
                )
            )
            continue
        return _keep(
            ctx, call, f"the bound `{text(cap)}` passed to {_callee(call)}() is not the size of `{text(dst)}`"
        )
    return notes


def _dst_size(ctx: Ctx, dst: Node, func: Node | None) -> int | None:
    d = _strip(dst)
    if d.type == "identifier":
        return array_size(ctx, text(d), func, d)
    if d.type == "field_expression":
        field = d.child_by_field_name("field")
        if field is not None:
            return array_size(ctx, text(field), None, d)
    return None


def _keep(ctx: Ctx, node: Node, why: str, reason: str = "unbounded copy") -> Outcome:
    return Outcome(
        "TRUE_POSITIVE", 0.75, reason, f"At line {line_of(node)}: {why}.", [ctx.note(node, why, "sink")]
    )


def _copy_safe(ctx: Ctx, call: Node) -> list[Note] | Outcome:
    name = _callee(call)
    args = _args(call)
    func = _function(call)
    if name in ALWAYS_UNBOUNDED:
        return _keep(ctx, call, f"{name}() cannot bound what it writes")
    d_i, s_i, n_i = COPY_FUNCS[name]
    if d_i >= len(args):
        return _keep(ctx, call, f"{name}() call not understood")
    dst = _strip(args[d_i])
    size = _dst_size(ctx, dst, func)
    sink = ctx.note(call, f"{name}() writes into `{text(dst)}`", "sink")
    if name in {"strcpy", "wcscpy", "stpcpy"}:
        src = const_string(ctx, args[s_i], func) if s_i < len(args) else None
        if src is not None and size is not None and len(src[0]) + 1 <= size:
            return [
                sink,
                ctx.note(
                    src[1],
                    f"source is a {len(src[0])}-character literal; `{text(dst)}` holds {size}",
                    "constant",
                ),
            ]
        if src is None and size is not None and s_i < len(args):
            src_text = _squash(text(_strip(args[s_i])))
            bound = _upper_bound_of(ctx, {f"strlen({src_text})", f"strnlen({src_text})"}, call, func)
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
        return _keep(ctx, call, f"{name}() copies a source not known to fit `{text(dst)}`")
    if name in {"sprintf", "vsprintf"}:
        fmt = const_string(ctx, args[1], func) if len(args) > 1 else None
        if fmt is None or size is None:
            return _keep(ctx, call, f"{name}() output is not bounded")
        longest = _printf_max(ctx, fmt[0], args[2:], func)
        if longest is not None and longest + 1 <= size:
            return [
                sink,
                ctx.note(
                    call, f"longest output is {longest} characters; `{text(dst)}` holds {size}", "guard"
                ),
            ]
        return _keep(ctx, call, f"{name}() output may exceed `{text(dst)}`")
    if name == "strncat" and n_i < len(args):
        d = _squash(text(dst))
        n_text = _squash(text(args[n_i])).replace(f"sizeof({d})", f"sizeof{d}")
        room = {f"sizeof{d}-strlen({d})-1", f"sizeof{d}-1-strlen({d})", f"sizeof{d}-(strlen({d})+1)"}
        if n_text in room:
            return [
                sink,
                ctx.note(args[n_i], f"appends at most the room left in `{text(dst)}`", "guard"),
            ]
    if name in {"strcat", "strncat"}:
        return _keep(ctx, call, f"{name}() appends to a string of unknown length")
    if n_i < 0 or n_i >= len(args):
        return _keep(ctx, call, f"{name}() call not understood")
    n = args[n_i]
    if name == "fread" and len(args) >= 3:
        a, b = const_int(ctx, args[1], func), const_int(ctx, args[2], func)
        if a is not None and b is not None and size is not None and a * b <= size:
            return [sink, ctx.note(call, f"reads at most {a * b} bytes; `{text(dst)}` holds {size}", "guard")]
        return _keep(ctx, call, f"{name}() may read more than `{text(dst)}` holds")
    if _is_sizeof_of(n, text(dst)):
        return [sink, ctx.note(n, f"length is bounded by sizeof({text(dst)})", "guard")]
    value = const_int(ctx, n, func)
    if value is not None and size is not None and value <= size:
        return [sink, ctx.note(n, f"length {value} fits `{text(dst)}` ({size} bytes)", "constant")]
    if size is not None:
        bound = _upper_bound(ctx, n, call, func)
        if bound is not None and not _cannot_be_negative(ctx, n, call, func):
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
    return _keep(ctx, call, f"length `{text(n)}` of {name}() is not bounded by `{text(dst)}`")


_UNSIGNED = re.compile(r"\bunsigned\b|\bsize_t\b|\buint\w*_t\b|\bu_?int\b|\bu(8|16|32|64)\b")


def _cannot_be_negative(ctx: Ctx, n: Node, at: Node, func: Node | None) -> bool:
    """``n`` (a length) is of an unsigned type, a sizeof/strlen, or checked to be non-negative."""
    e = _strip(n)
    if e.type == "sizeof_expression" or (e.type == "call_expression" and _callee(e) in {"strlen", "strnlen"}):
        return True
    if e.type != "identifier":
        return False
    declared = _declared_type(text(e), func, ctx.parsed.tree.root_node)
    if declared is not None and _UNSIGNED.search(declared):
        return True
    return _nonnegative(ctx, text(e), at, func)


def _is_sizeof_of(node: Node, name: str) -> bool:
    n = _strip(node)
    if n.type == "sizeof_expression":
        v = n.child_by_field_name("value")
        return v is not None and text(_strip(v)) == name
    if n.type == "binary_expression" and text(n.child_by_field_name("operator")) in {"-", "/"}:
        left = n.child_by_field_name("left")
        return left is not None and _is_sizeof_of(left, name)
    return False


def _squash(s: str) -> str:
    return re.sub(r"\s+", "", s)


def _upper_bound(ctx: Ctx, expr: Node, at: Node, func: Node | None) -> tuple[int, Node] | None:
    """The largest value ``expr`` (a variable) can have at ``at``, from dominating checks or a clamp."""
    name = text(_strip(expr))
    return _upper_bound_of(ctx, {_squash(name)}, at, func)


def _bound_value(ctx: Ctx, other: Node, func: Node | None) -> int | None:
    v = const_int(ctx, other, func)
    if v is None and _strip(other).type == "sizeof_expression":
        v = _sizeof(ctx, _strip(other), func)
    return v


def _upper_bound_of(ctx: Ctx, names: set[str], at: Node, func: Node | None) -> tuple[int, Node] | None:
    """The largest value any expression in ``names`` (squashed text) can have at ``at``: from
    dominating checks (``if (n < K)``, ``if (strlen(s) >= K) return;``) or a clamp just before
    (``if (n > K) n = K;``) that nothing undoes."""
    best: tuple[int, Node] | None = None
    for cond, truth, where in holding_conditions(at):
        for var, op, other in comparisons(cond, truth):
            if _squash(var) not in names or op not in {"<", "<="}:
                continue
            v = _bound_value(ctx, other, func)
            if v is None:
                continue
            bound = v - 1 if op == "<" else v
            if best is None or bound < best[0]:
                best = (bound, where)
    clamp = _clamp(ctx, names, at, func)
    if clamp is not None and (best is None or clamp[0] < best[0]):
        best = clamp
    return best


def _clamp(ctx: Ctx, names: set[str], at: Node, func: Node | None) -> tuple[int, Node] | None:
    """``if (n > K) n = K;`` (or ``>=`` with ``K - 1``) earlier in a block enclosing ``at``, with
    ``n`` not written again before ``at``."""
    child, cur = at, at.parent
    while cur is not None and cur.type != "function_definition":
        if cur.type == "compound_statement":
            stmts = [c for c in cur.named_children if c.type != "comment"]
            idx = next((i for i, st in enumerate(stmts) if _inside(child, st)), 0)
            for i in range(idx - 1, -1, -1):
                st = stmts[i]
                if st.type != "if_statement" or st.child_by_field_name("alternative") is not None:
                    continue
                cond, cons = st.child_by_field_name("condition"), st.child_by_field_name("consequence")
                if cond is None or cons is None:
                    continue
                body = (
                    [c for c in cons.named_children if c.type != "comment"]
                    if cons.type == "compound_statement"
                    else [cons]
                )
                if len(body) != 1 or body[0].type != "expression_statement" or not body[0].named_children:
                    continue
                assign = _strip(body[0].named_children[0])
                if (
                    assign.type != "assignment_expression"
                    or text(assign.child_by_field_name("operator")) != "="
                ):
                    continue
                left, right = assign.child_by_field_name("left"), assign.child_by_field_name("right")
                if left is None or right is None or _squash(text(left)) not in names:
                    continue
                for var, op, other in comparisons(cond, True):
                    if _squash(var) != _squash(text(left)) or op not in {">", ">="}:
                        continue
                    limit, assigned = _bound_value(ctx, other, func), _bound_value(ctx, right, func)
                    if limit is None or assigned is None or assigned > limit:
                        continue
                    # otherwise n <= K (for >) or n < K (for >=) already held
                    bound = max(assigned, limit if op == ">" else limit - 1)
                    if _reassigned(left, stmts[i + 1 : idx + 1], at):
                        continue
                    return bound, st
        child, cur = cur, cur.parent
    return None


def _printf_max(ctx: Ctx, fmt: str, args: list[Node], func: Node | None) -> int | None:
    total = 0
    pos = 0
    ai = 0
    for m in _CONV.finditer(fmt):
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
                if s is None:
                    return None
                n = len(s[0])
        elif conv in "di":
            n = 20 if length in {"l", "ll", "j", "z", "t"} else 11
        elif conv in "uxXo":
            n = 22 if length in {"l", "ll", "j", "z", "t"} else 11
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


def _index_safe(ctx: Ctx, sub: Node) -> list[Note] | Outcome:
    func = _function(sub)
    arr = sub.child_by_field_name("argument")
    idx = sub.child_by_field_name("index")
    if arr is None or idx is None:
        return _keep(ctx, sub, "array access not understood", "unchecked index")
    name = text(_strip(arr))
    size = _dst_size(ctx, arr, func)
    elem = 1
    short = name.split("->")[-1].split(".")[-1]
    if size is not None:
        # number of elements = bytes / element size
        for n in _walk(ctx.parsed.tree.root_node):
            if n.type == "array_declarator" and text(n.child_by_field_name("declarator")) == short:
                elem = _elem_size(n) or 1
                break
    count = size // elem if size is not None else None
    sink = ctx.note(sub, f"`{text(sub)}` indexes `{name}`", "sink")
    v = const_int(ctx, idx, func)
    if v is not None and count is not None and 0 <= v < count:
        return [sink, ctx.note(idx, f"index {v} is inside `{name}` ({count} elements)", "constant")]
    i = _strip(idx)
    if count is not None and i.type == "call_expression" and _callee(i) in {"strlen", "strcspn", "strnlen"}:
        first = _args(i)[0] if _args(i) else None
        if first is not None and text(_strip(first)) == name:
            return [
                sink,
                ctx.note(idx, f"a string's length inside its own buffer `{name}` is below its size", "guard"),
            ]
    if count is not None:
        bound = _upper_bound(ctx, idx, sub, func)
        if bound is not None and bound[0] < count:
            return [sink, ctx.note(bound[1], f"`{text(idx)}` is checked to be below {bound[0] + 1}", "guard")]
        for cond, truth, where in holding_conditions(sub):
            for var, op, other in comparisons(cond, truth):
                if var == text(_strip(idx)) and op == "<" and _is_sizeof_of(other, name) and elem == 1:
                    return [sink, ctx.note(where, f"`{var}` is checked against sizeof({name})", "guard")]
    return _keep(
        ctx, sub, f"index `{text(idx)}` is not checked against the size of `{name}`", "unchecked index"
    )


def _deref_vars(root: Node, lo: int, hi: int) -> list[tuple[str, Node]]:
    out: list[tuple[str, Node]] = []
    for n in _on_lines(root, lo, hi, {"field_expression", "pointer_expression", "subscript_expression"}):
        if (
            (n.type == "field_expression" and text(n.child_by_field_name("operator")) == "->")
            or (n.type == "pointer_expression" and text(n.child_by_field_name("operator")) == "*")
            or n.type == "subscript_expression"
        ):
            arg = n.child_by_field_name("argument")
        else:
            continue
        if arg is not None and not _in_sizeof(n):
            a = _strip(arg)
            if a.type in {"identifier", "field_expression"}:
                out.append((text(a), n))
    return out


def _in_sizeof(node: Node) -> bool:
    """Operands of sizeof are not evaluated: ``sizeof(*p)`` dereferences nothing."""
    cur = node.parent
    while cur is not None and cur.type not in {"expression_statement", "declaration", "compound_statement"}:
        if cur.type == "sizeof_expression":
            return True
        cur = cur.parent
    return False


def _forward_derefs(root: Node, lo: int, hi: int) -> list[tuple[str, Node]]:
    """``p = malloc(...)`` reported at the allocation: the later dereferences of ``p`` in its function."""
    names: list[tuple[str, Node]] = []
    for n in _on_lines(root, lo, hi, {"init_declarator", "assignment_expression"}):
        value = (
            n.child_by_field_name("value") if n.type == "init_declarator" else n.child_by_field_name("right")
        )
        if value is None or _strip(value).type != "call_expression":
            continue
        target = (
            _declared_name(n.child_by_field_name("declarator"))
            if n.type == "init_declarator"
            else text(n.child_by_field_name("left"))
        )
        if target:
            names.append((target, n))
    out: list[tuple[str, Node]] = []
    for name, at in names:
        func = _function(at)
        if func is None:
            continue
        for var, use in _deref_vars(func, 1, func.end_point[0] + 1):
            if var == name and use.start_byte > at.end_byte:
                out.append((var, use))
    return out


def _null(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
    uses = _deref_vars(root, lo, hi) or _forward_derefs(root, lo, hi)
    if not uses:
        calls = _on_lines(root, lo, hi, {"call_expression"})
        for c in calls:
            for a in _args(c):
                s = _strip(a)
                if s.type == "identifier":
                    uses.append((text(s), c))
    if not uses:
        return _review("pointer dereference", ctx.path, lo)
    notes: list[Note] = []
    for var, node in uses:
        func = _function(node)
        safe = _nonnull(ctx, var, node, func)
        if safe is None:
            return Outcome(
                "TRUE_POSITIVE",
                0.7,
                "pointer not checked for NULL",
                f"`{var}` is dereferenced at line {line_of(node)} without a dominating NULL check.",
                [ctx.note(node, f"`{var}` dereferenced", "sink")],
            )
        notes.append(ctx.note(node, f"`{var}` dereferenced", "sink"))
        notes.append(safe)
    return Outcome(
        "FALSE_POSITIVE",
        0.85,
        "checked for NULL before use",
        "Every pointer used on the line is checked for NULL first or can never be NULL.",
        notes,
    )


def _nonnull(ctx: Ctx, var: str, at: Node, func: Node | None, depth: int = 0) -> Note | None:
    for cond, truth, where in holding_conditions(at):
        for v, op, other in comparisons(cond, truth):
            if v != var:
                continue
            o = _strip(other)
            if op == "!=" and (
                o == _strip(cond)
                or o.type == "null"
                or text(o) in {"NULL", "0", "nullptr"}
                or (o.type in {"identifier", "field_expression"} and text(o) == var)
            ):
                return ctx.note(where, f"`{var}` is checked to be non-NULL here", "guard")
    if array_size(ctx, var, func, at) is not None or _declared_arrays_named(var, func):
        return ctx.note(at, f"`{var}` is an array (never NULL)", "constant")
    if func is not None:
        defs = _definitions(var, func, at, ctx, content=False)
        if defs and all(d is not None and _never_null(ctx, d, func, depth) for d in defs):
            return ctx.note(defs[0] or at, f"`{var}` always points to an object (never NULL)", "constant")
        if not defs and array_size(ctx, var, func, at) is not None:
            return ctx.note(at, f"`{var}` is an array (never NULL)", "constant")
    return None


def _declared_arrays_named(name: str, func: Node | None) -> bool:
    if func is None:
        return False
    for n in _walk(func):
        if n.type == "array_declarator" and text(n.child_by_field_name("declarator")) == name:
            return True
    return False


def _never_null(ctx: Ctx, node: Node, func: Node | None, depth: int = 0) -> bool:
    n = _strip(node)
    if n.type in {"string_literal", "concatenated_string"}:
        return True
    if n.type == "pointer_expression" and text(n.child_by_field_name("operator")) == "&":
        return True
    if n.type == "call_expression" and depth == 0:
        return _returns_nonnull(ctx, n)
    return bool(n.type == "identifier" and array_size(ctx, text(n), func, n) is not None)


def _returns_nonnull(ctx: Ctx, call: Node) -> bool:
    """A workspace function every ``return`` of which hands back a pointer checked to be non-NULL
    (``xmalloc``: allocate, ``if (!p) abort();``, return ``p``)."""
    found = _definition(ctx, call)
    if found is None:
        return False
    other, fdef = found
    returns = [r for r in _walk(fdef) if r.type == "return_statement" and _function(r) == fdef]
    if not returns:
        return False
    for r in returns:
        value = r.named_children[0] if r.named_children else None
        if value is None:
            return False
        v = _strip(value)
        if v.type == "identifier":
            if _nonnull(other, text(v), r, fdef, depth=1) is None:
                return False
        elif not _never_null(other, v, fdef, depth=1):
            return False
    return True


def _overflow(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
    exprs = [
        n
        for n in _on_lines(root, lo, hi, {"binary_expression", "assignment_expression"})
        if text(n.child_by_field_name("operator")) in {"+", "-", "*", "<<", "+=", "-=", "*=", "<<="}
    ]
    calls = _on_lines(root, lo, hi, {"call_expression"})
    if not exprs:
        safe = [c for c in calls if _callee(c) in SAFE_ALLOCATORS]
        if safe:
            return Outcome(
                "FALSE_POSITIVE",
                0.8,
                "overflow-checked allocation",
                f"{_callee(safe[0])}() checks the size multiplication for overflow itself.",
                [ctx.note(safe[0], f"{_callee(safe[0])}() checks n * size for overflow", "safe_variant")],
            )
        converts = [c for c in calls if _callee(c) in NUMBER_PARSERS]
        if converts:
            return _converted_uses(ctx, converts[0])
        return _review("arithmetic", ctx.path, lo)
    live, dead = _live(ctx, exprs)
    if not live:
        return _all_dead(ctx, exprs, dead)
    notes: list[Note] = []
    for e in live:
        r = _arith_safe(ctx, e)
        if isinstance(r, Outcome):
            return r
        notes.extend(r)
    if not notes:
        return _review("arithmetic", ctx.path, lo)
    return Outcome(
        "FALSE_POSITIVE",
        0.8,
        "guarded by a range check",
        "The operands of the arithmetic are bounded (checks, masks, types or constants); it cannot overflow.",
        notes,
    )


def _arith_safe(ctx: Ctx, e: Node) -> list[Note] | Outcome:
    func = _function(e)
    left, right = e.child_by_field_name("left"), e.child_by_field_name("right")
    if left is None or right is None:
        return []
    op = text(e.child_by_field_name("operator")).rstrip("=")
    lv, rv = const_int(ctx, left, func), const_int(ctx, right, func)
    limit = _result_limit(ctx, e, func)
    if lv is not None and rv is not None:
        value = {"+": lv + rv, "-": lv - rv, "*": lv * rv, "<<": lv << rv if 0 <= rv < 64 else 1 << 64}[op]
        if -(2**31) <= value <= limit:
            return [ctx.note(e, f"constant result {value} fits", "constant")]
        return Outcome(
            "TRUE_POSITIVE",
            0.85,
            "constant overflow",
            f"`{text(e)}` is {value}, outside the range of its type.",
            [ctx.note(e, "overflows", "sink")],
        )
    if op != "-":
        mx = max_value(ctx, e, func, e)
        if mx is not None and mx <= limit:
            return [
                ctx.note(e, f"`{text(e)}`", "sink"),
                ctx.note(e, f"at most {mx}: the operands are bounded", "guard"),
            ]
    operands = [x for x, v in ((left, lv), (right, rv)) if v is None]
    guard = _overflow_guard(ctx, e, operands, func)
    if guard is None:
        return Outcome(
            "TRUE_POSITIVE",
            0.7,
            "arithmetic not range-checked",
            f"`{text(e)}` at line {line_of(e)} has operands not bounded by a dominating check.",
            [ctx.note(e, f"`{text(e)}` may overflow", "sink")],
        )
    return [ctx.note(e, f"`{text(e)}`", "sink"), guard]


def _converted_uses(ctx: Ctx, call: Node) -> Outcome:
    """``n = atoi(s)``: the finding is about what the number is used for: judge the arithmetic on it."""
    parent = call.parent
    while parent is not None and parent.type in {"cast_expression", "parenthesized_expression"}:
        parent = parent.parent
    name = ""
    if parent is not None and parent.type == "init_declarator":
        name = _declared_name(parent.child_by_field_name("declarator"))
    elif parent is not None and parent.type == "assignment_expression":
        name = text(parent.child_by_field_name("left"))
    func = _function(call)
    if not name or func is None:
        return _keep(ctx, call, f"the result of {_callee(call)}() is used directly", "unchecked conversion")
    notes: list[Note] = []
    for n in _walk(func):
        if n.start_byte <= call.start_byte or n.type not in {"binary_expression", "assignment_expression"}:
            continue
        if text(n.child_by_field_name("operator")) not in {"+", "-", "*", "<<", "+=", "-=", "*=", "<<="}:
            continue
        if name not in _names(n):
            continue
        if _dead(ctx, n) is not None:
            continue
        r = _arith_safe(ctx, n)
        if isinstance(r, Outcome):
            return r
        notes.extend(r)
    why = f"every computation with `{name}` is bounded" if notes else f"`{name}` is never used in arithmetic"
    return Outcome(
        "FALSE_POSITIVE",
        0.7,
        "converted value used safely",
        f"The number parsed by {_callee(call)}(): {why}.",
        [
            ctx.note(call, f"{_callee(call)}() result stored in `{name}`", "sink"),
            *(notes or [ctx.note(call, why, "guard")]),
        ],
    )


_TYPE_MAX = {
    "uint8_t": 255,
    "unsigned char": 255,
    "uint16_t": 65535,
    "unsigned short": 65535,
    "bool": 1,
    "_Bool": 1,
    "char": 127,
    "signed char": 127,
    "int8_t": 127,
    "int16_t": 32767,
    "short": 32767,
}
_TYPE_LIMIT = {
    "uint32_t": 2**32 - 1,
    "unsigned": 2**32 - 1,
    "unsigned int": 2**32 - 1,
    "size_t": 2**64 - 1,
    "uint64_t": 2**64 - 1,
    "unsigned long": 2**64 - 1,
    "unsigned long long": 2**64 - 1,
    "int64_t": 2**63 - 1,
    "long": 2**63 - 1,
    "long long": 2**63 - 1,
}


def _declared_type(name: str, func: Node | None, root: Node) -> str | None:
    for scope in ([func] if func is not None else []) + [root]:
        for n in _walk(scope):
            if n.type in {"declaration", "parameter_declaration", "field_declaration"}:
                for d in n.named_children:
                    if d.type in {
                        "identifier",
                        "init_declarator",
                        "pointer_declarator",
                        "array_declarator",
                        "field_identifier",
                    } and (_declared_name(d) == name or (d.type == "identifier" and text(d) == name)):
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


def _result_limit(ctx: Ctx, e: Node, func: Node | None) -> int:
    """The largest value the result may hold: the assigned variable's type, else int."""
    target: Node | None = None
    if e.type == "assignment_expression":
        target = e.child_by_field_name("left")
    else:
        p = e.parent
        while p is not None and p.type in {"parenthesized_expression", "binary_expression"}:
            p = p.parent
        if p is not None and p.type == "init_declarator":
            target = p.child_by_field_name("declarator")
        elif p is not None and p.type == "assignment_expression":
            target = p.child_by_field_name("left")
    if target is not None and _strip(target).type == "identifier":
        t = _declared_type(text(_strip(target)), func, ctx.parsed.tree.root_node)
        if t is not None:
            return _TYPE_LIMIT.get(t, 2**31 - 1)
    for side in (e.child_by_field_name("left"), e.child_by_field_name("right")):
        if side is not None and side.type == "cast_expression":
            typ = side.child_by_field_name("type")
            if typ is not None and " ".join(text(typ).split()) in _TYPE_LIMIT:
                return _TYPE_LIMIT[" ".join(text(typ).split())]
    return 2**31 - 1


def max_value(ctx: Ctx, node: Node, func: Node | None, at: Node, depth: int = 0) -> int | None:
    """An upper bound of a non-negative integer expression, or None."""
    if depth > 6:
        return None
    n = _strip(node)
    c = const_int(ctx, n, func)
    if c is not None:
        return c if c >= 0 else None
    t = n.type
    if t == "char_literal":
        return 255
    if t in {"binary_expression", "assignment_expression"}:
        op = (
            text(n.child_by_field_name("operator")).rstrip("=")
            if t == "assignment_expression"
            else text(n.child_by_field_name("operator"))
        )
        left, right = n.child_by_field_name("left"), n.child_by_field_name("right")
        if left is None or right is None:
            return None
        if t == "assignment_expression" and text(n.child_by_field_name("operator")) == "=":
            return max_value(ctx, right, func, at, depth + 1)
        if op == "&":
            vals = [
                v
                for v in (const_int(ctx, left, func), const_int(ctx, right, func))
                if v is not None and v >= 0
            ]
            if vals:
                return min(vals)
        if op == "%":
            v = const_int(ctx, right, func)
            return v - 1 if v is not None and v > 0 else None
        a = max_value(ctx, left, func, at, depth + 1)
        b = max_value(ctx, right, func, at, depth + 1)
        if a is None or b is None:
            return None
        if op == "+":
            return a + b
        if op == "*":
            return a * b
        if op == ">>":
            return a
        if op == "/":
            return a
        return None
    if t == "subscript_expression":
        arr = n.child_by_field_name("argument")
        typ = _declared_type(text(_strip(arr)), func, ctx.parsed.tree.root_node) if arr is not None else None
        if typ is not None:
            return _TYPE_MAX.get(typ.replace(" *", "").replace("const ", "").strip())
        return None
    if t == "identifier" and func is not None:
        name = text(n)
        typ = _declared_type(name, func, ctx.parsed.tree.root_node)
        if typ is not None and typ in _TYPE_MAX:
            return _TYPE_MAX[typ]
        bound = _upper_bound(ctx, n, at, func)
        if bound is not None and bound[0] >= 0:
            lower_ok = typ is not None and typ.startswith(("unsigned", "uint", "size_t"))
            if lower_ok or _nonnegative(ctx, name, at, func):
                return bound[0]
        values: list[int] = []
        for d in _walk(func):
            if at.start_byte <= d.start_byte < at.end_byte:
                continue  # the expression being judged
            if d.type == "init_declarator" and _declared_name(d.child_by_field_name("declarator")) == name:
                init = d.child_by_field_name("value")
                mv = max_value(ctx, init, func, d, depth + 1) if init is not None else None
            elif d.type == "assignment_expression" and text(d.child_by_field_name("left")) == name:
                mv = (
                    max_value(ctx, d, func, d, depth + 1)
                    if text(d.child_by_field_name("operator")) in {"=", "&=", "%="}
                    else None
                )
                if text(d.child_by_field_name("operator")) in {"&=", "%="}:
                    r = d.child_by_field_name("right")
                    k = const_int(ctx, r, func) if r is not None else None
                    mv = (
                        (k if text(d.child_by_field_name("operator")) == "&=" else (k - 1 if k else None))
                        if k is not None
                        else None
                    )
            elif (d.type == "update_expression" and text(d.child_by_field_name("argument")) == name) or (
                d.type == "pointer_expression" and text(d.child_by_field_name("argument")) == name
            ):
                mv = None
            else:
                continue
            if mv is None:
                return None
            values.append(mv)
        return max(values) if values else None
    return None


def _nonnegative(ctx: Ctx, name: str, at: Node, func: Node | None) -> bool:
    for cond, truth, _where in holding_conditions(at):
        for var, op, other in comparisons(cond, truth):
            v = const_int(ctx, other, func)
            if var == name and op in {">", ">="} and v is not None and v >= (0 if op == ">=" else -1):
                return True
    return False


def _overflow_guard(ctx: Ctx, expr: Node, operands: list[Node], func: Node | None) -> Note | None:
    names = [text(_strip(o)) for o in operands]
    conds = holding_conditions(expr)
    bounded: dict[str, Note] = {}
    for cond, truth, where in conds:
        for var, op, other in comparisons(cond, truth):
            if var not in names or op not in {"<", "<="}:
                continue
            other_names = _names(other)
            if other_names & INT_MAX_NAMES or (other_names & set(names) - {var}):
                return ctx.note(where, f"`{text(cond)}` rules out overflow", "guard")
            if const_int(ctx, other, func) is not None:
                bounded[var] = ctx.note(where, f"`{var}` is range-checked", "guard")
    if names and all(n in bounded for n in names):
        big = [ctx.note(expr, "operands bounded", "guard")]
        return bounded[names[0]] if bounded else big[0]
    return None
