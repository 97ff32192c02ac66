"""Intra-procedural def-use over tree-sitter, for Python and C: where a variable gets its value.

``definitions(parsed, line, name)`` lists every place in the function around ``line`` (the
module/file when there is none) that gives ``name`` a value: parameters, assignments (tuple
unpacking included), augmented assignments, container writes (``d["k"] = v``,
``lst.append(v)``; C: ``buf[i] = v`` and copies into ``buf``), loop and ``with`` targets,
walrus, ``except ... as``, imports; C declarations with initialisers. Each definition says
whether its value is a literal constant (folded: ``"a" + "b"``, ``60 * 60``).
``reaching(parsed, line, name)`` keeps those that may reach ``line`` (textually before it, or
anywhere in a loop around it), and ``uses`` lists the lines reading the name.

This is the fact base: the offline judgement's taint engine (:mod:`.taint`) interprets the
same constructs with values; editors and the model analyst use these facts as evidence.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from tree_sitter import Node

from . import constfold

if TYPE_CHECKING:
    from .index import ParsedFile

DefKind = Literal[
    "parameter",
    "assignment",
    "unpack",
    "augmented",
    "container_write",
    "for_target",
    "with_target",
    "walrus",
    "except",
    "import",
    "declaration",
]

_PY_FUNCS = frozenset({"function_definition", "lambda"})
_C_FUNCS = frozenset({"function_definition"})
_CONTAINER_METHODS = frozenset(
    {"append", "extend", "insert", "update", "setdefault", "add", "appendleft", "extendleft"}
)
_C_COPIES = frozenset(
    {
        "strcpy",
        "strncpy",
        "strcat",
        "strncat",
        "memcpy",
        "memmove",
        "sprintf",
        "snprintf",
        "fgets",
        "read",
        "recv",
        "gets",
        "strlcpy",
        "strlcat",
        "memset",
        "scanf",
        "sscanf",
    }
)
MAX_TEXT = 160


@dataclass(frozen=True)
class Definition:
    """One place that gives ``name`` a value (lines 1-based)."""

    name: str
    kind: DefKind
    line: int
    end_line: int
    text: str  # the defining statement, whitespace-collapsed and bounded
    value: str | None  # the assigned expression, when there is one
    constant: bool  # the value is a literal constant (after folding)
    constant_repr: str | None = None  # repr of that constant
    key: str | None = None  # container writes: the constant key/position (repr), "?" when not constant


def _text(node: Node | None) -> str:
    return "" if node is None or node.text is None else node.text.decode("utf-8", "replace")


def _short(s: str) -> str:
    s = " ".join(s.split())
    return s if len(s) <= MAX_TEXT else s[: MAX_TEXT - 1] + "…"


def scope_at(parsed: ParsedFile, line: int) -> Node:
    """The innermost function around ``line`` (1-based), else the module/translation unit."""
    root = parsed.tree.root_node
    node = root.descendant_for_point_range((max(line - 1, 0), 0), (max(line - 1, 0), 0))
    funcs = _PY_FUNCS if parsed.language == "python" else _C_FUNCS
    while node is not None:
        if node.type in funcs and node.start_point[0] + 1 <= line <= node.end_point[0] + 1:
            return node
        node = node.parent
    return root


def definitions(parsed: ParsedFile, line: int, name: str) -> list[Definition]:
    """Every definition of ``name`` in the scope around ``line``, in source order."""
    scope = scope_at(parsed, line)
    if parsed.language == "python":
        out = _python_defs(scope, name)
    elif parsed.language in {"c", "cpp"}:
        out = _c_defs(scope, name)
    else:
        return []
    out.sort(key=lambda d: (d.line, d.end_line))
    return out


def reaching(parsed: ParsedFile, line: int, name: str) -> list[Definition]:
    """Definitions that may reach ``line``: before it, or inside a loop that also contains it.

    Straight-line kills are applied: a plain assignment in the same block before ``line``
    hides earlier definitions in that block (conservative elsewhere)."""
    scope = scope_at(parsed, line)
    loops = _loops_around(scope, line, parsed.language)
    defs = [
        d
        for d in definitions(parsed, line, name)
        if d.line < line
        or (d.line == line and d.kind == "parameter")
        or any(lo <= d.line <= hi for lo, hi in loops)
    ]
    strong = [d for d in defs if d.kind in {"assignment", "declaration", "parameter"} and d.line < line]
    if strong and not loops:
        last = strong[-1]
        if _same_block_before(scope, last.line, line):
            defs = [d for d in defs if d.line >= last.line]
    return defs


def uses(parsed: ParsedFile, line: int, name: str) -> list[int]:
    """Lines in the scope around ``line`` that read ``name`` (definitions excluded)."""
    scope = scope_at(parsed, line)
    lines: set[int] = set()
    for n in _walk(scope):
        if (
            n.type in {"identifier", "attribute", "field_expression"}
            and _text(n) == name
            and not _is_target(n)
        ):
            lines.add(n.start_point[0] + 1)
    return sorted(lines)


# ------------------------------------------------------------ Python


def _python_defs(scope: Node, name: str) -> list[Definition]:
    out: list[Definition] = []
    if scope.type in _PY_FUNCS:
        params = scope.child_by_field_name("parameters")
        for p in params.named_children if params is not None else []:
            pname, default = _py_param(p)
            if pname == name:
                out.append(_mk(name, "parameter", p, _text(p), default))
    for n in _walk_scope(scope, _PY_FUNCS | {"class_definition"}):
        t = n.type
        if t == "assignment":
            left, right = n.child_by_field_name("left"), n.child_by_field_name("right")
            if left is None:
                continue
            if _text(left) == name:
                out.append(_mk(name, "assignment", n, _text(n), right))
            elif left.type in {
                "pattern_list",
                "tuple_pattern",
                "list_pattern",
                "tuple",
                "list",
            } and name in _targets(left):
                out.append(_mk(name, "unpack", n, _text(n), right, constant_ok=False))
            elif left.type == "subscript" and _text(left.child_by_field_name("value")) == name:
                sub = left.child_by_field_name("subscript")
                out.append(_mk(name, "container_write", n, _text(n), right, key=_key(sub)))
        elif t == "augmented_assignment":
            left = n.child_by_field_name("left")
            if _text(left) == name:
                out.append(
                    _mk(name, "augmented", n, _text(n), n.child_by_field_name("right"), constant_ok=False)
                )
        elif t == "call":
            fn = n.child_by_field_name("function")
            if fn is not None and fn.type == "attribute" and _text(fn.child_by_field_name("object")) == name:
                method = _text(fn.child_by_field_name("attribute"))
                if method in _CONTAINER_METHODS:
                    args = n.child_by_field_name("arguments")
                    vals = [a for a in args.named_children if a.type != "comment"] if args is not None else []
                    arg = vals[-1] if vals else None
                    pos = _key(vals[0]) if method in {"insert", "setdefault"} and len(vals) >= 2 else None
                    out.append(_mk(name, "container_write", n, _text(n), arg, key=pos))
        elif t in {"for_statement", "for_in_clause"}:
            left = n.child_by_field_name("left")
            if left is not None and name in _targets(left):
                out.append(
                    _mk(
                        name,
                        "for_target",
                        left,
                        _text(left),
                        n.child_by_field_name("right"),
                        constant_ok=False,
                    )
                )
        elif t == "as_pattern":
            alias = n.child_by_field_name("alias")
            target = alias.named_children[0] if alias is not None and alias.named_children else None
            if target is not None and name in _targets(target):
                kind: DefKind = (
                    "except" if n.parent is not None and n.parent.type == "except_clause" else "with_target"
                )
                value = n.named_children[0] if n.named_children else None
                out.append(_mk(name, kind, n, _text(n), value, constant_ok=False))
        elif t == "named_expression":
            if _text(n.child_by_field_name("name")) == name:
                out.append(_mk(name, "walrus", n, _text(n), n.child_by_field_name("value")))
        elif t in {"import_statement", "import_from_statement"} and name in _import_names(n):
            out.append(_mk(name, "import", n, _text(n), None, constant_ok=False))
        elif (
            t in {"function_definition", "class_definition"} and _text(n.child_by_field_name("name")) == name
        ):
            out.append(_mk(name, "declaration", n, _text(n).split("\n", 1)[0], None, constant_ok=False))
    return out


def _py_param(p: Node) -> tuple[str, Node | None]:
    if p.type == "identifier":
        return _text(p), None
    if p.type in {"default_parameter", "typed_default_parameter"}:
        return _text(p.child_by_field_name("name")), p.child_by_field_name("value")
    if p.type == "typed_parameter":
        inner = p.named_children[0] if p.named_children else None
        if inner is not None and inner.type in {"list_splat_pattern", "dictionary_splat_pattern"}:
            return (_text(inner.named_children[0]) if inner.named_children else ""), None
        return _text(inner), None
    if p.type in {"list_splat_pattern", "dictionary_splat_pattern"}:
        return (_text(p.named_children[0]) if p.named_children else ""), None
    return "", None


def _targets(node: Node) -> set[str]:
    if node.type in {"identifier", "attribute"}:
        return {_text(node)}
    out: set[str] = set()
    for c in node.named_children:
        out |= _targets(c)
    return out


def _import_names(node: Node) -> set[str]:
    out: set[str] = set()
    for c in node.named_children:
        if c.type == "dotted_name" and node.type == "import_statement":
            out.add(_text(c).split(".")[0])
        elif c.type == "dotted_name":
            out.add(_text(c).split(".")[-1])
        elif c.type == "aliased_import":
            out.add(_text(c.child_by_field_name("alias")))
    if node.type == "import_from_statement":
        module = node.child_by_field_name("module_name")
        out.discard(_text(module).split(".")[-1] if module is not None else "")
    return out


# ------------------------------------------------------------ C


def _c_defs(scope: Node, name: str) -> list[Definition]:
    out: list[Definition] = []
    if scope.type == "function_definition":
        decl = scope.child_by_field_name("declarator")
        while decl is not None and decl.type != "function_declarator":
            decl = decl.child_by_field_name("declarator")
        params = decl.child_by_field_name("parameters") if decl is not None else None
        for p in params.named_children if params is not None else []:
            if p.type == "parameter_declaration" and _c_name(p.child_by_field_name("declarator")) == name:
                out.append(_mk(name, "parameter", p, _text(p), None, c=True))
    for n in _walk_scope(scope, _C_FUNCS):
        t = n.type
        if t == "init_declarator" and _c_name(n.child_by_field_name("declarator")) == name:
            out.append(_mk(name, "declaration", n, _text(n), n.child_by_field_name("value"), c=True))
        elif t == "assignment_expression":
            left = n.child_by_field_name("left")
            op = _text(n.child_by_field_name("operator"))
            if left is None:
                continue
            if _text(left) == name:
                kind: DefKind = "assignment" if op == "=" else "augmented"
                out.append(
                    _mk(
                        name, kind, n, _text(n), n.child_by_field_name("right"), c=True, constant_ok=op == "="
                    )
                )
            elif left.type == "subscript_expression" and _text(left.child_by_field_name("argument")) == name:
                out.append(
                    _mk(
                        name,
                        "container_write",
                        n,
                        _text(n),
                        n.child_by_field_name("right"),
                        c=True,
                        key=_c_key(left.child_by_field_name("index")),
                    )
                )
        elif t == "update_expression" and _text(n.child_by_field_name("argument")) == name:
            out.append(_mk(name, "augmented", n, _text(n), None, c=True, constant_ok=False))
        elif t == "call_expression":
            fn = n.child_by_field_name("function")
            args = n.child_by_field_name("arguments")
            first = args.named_children[0] if args is not None and args.named_children else None
            if _text(fn) in _C_COPIES and first is not None and _text(first) == name:
                value = args.named_children[1] if args is not None and len(args.named_children) > 1 else None
                out.append(
                    _mk(name, "container_write", n, _text(n), value, c=True, constant_ok=False, key="?")
                )
    return out


def _c_name(d: Node | None) -> str:
    while d is not None and d.type in {
        "pointer_declarator",
        "array_declarator",
        "init_declarator",
        "parenthesized_declarator",
    }:
        d = d.child_by_field_name("declarator")
    return _text(d)


def _c_key(node: Node | None) -> str:
    if node is None:
        return "?"
    if node.type == "number_literal":
        return _text(node)
    return "?"


# ------------------------------------------------------------ shared


def _mk(
    name: str,
    kind: DefKind,
    node: Node,
    text: str,
    value: Node | None,
    *,
    c: bool = False,
    constant_ok: bool = True,
    key: str | None = None,
) -> Definition:
    const: object = constfold.NOT_CONST
    if value is not None and constant_ok:
        const = _c_literal(value) if c else constfold.fold(value)
    return Definition(
        name=name,
        kind=kind,
        line=node.start_point[0] + 1,
        end_line=node.end_point[0] + 1,
        text=_short(text),
        value=_short(_text(value)) if value is not None else None,
        constant=const is not constfold.NOT_CONST,
        constant_repr=repr(const) if const is not constfold.NOT_CONST else None,
        key=key,
    )


def _c_literal(node: Node) -> object:
    t = node.type
    if t in {"string_literal", "concatenated_string", "char_literal", "true", "false", "null"}:
        return _text(node)
    if t == "number_literal":
        raw = _text(node).rstrip("uUlL")
        try:
            return int(raw, 0)
        except ValueError:
            try:
                return float(raw)
            except ValueError:
                return constfold.NOT_CONST
    if t == "parenthesized_expression" and node.named_children:
        return _c_literal(node.named_children[0])
    if t == "binary_expression":
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        a = _c_literal(left) if left is not None else constfold.NOT_CONST
        b = _c_literal(right) if right is not None else constfold.NOT_CONST
        if isinstance(a, int) and isinstance(b, int):
            return constfold.binary(_text(node.child_by_field_name("operator")), a, b)
    return constfold.NOT_CONST


def _key(node: Node | None) -> str:
    if node is None:
        return "?"
    value = constfold.fold(node)
    return repr(value) if value is not constfold.NOT_CONST else "?"


def _walk(node: Node) -> list[Node]:
    out: list[Node] = []
    stack = [node]
    while stack:
        n = stack.pop()
        out.append(n)
        stack.extend(reversed(n.named_children))
    return out


def _walk_scope(scope: Node, nested: frozenset[str]) -> list[Node]:
    """Nodes of ``scope`` without descending into nested functions/classes (their names are kept)."""
    out: list[Node] = []
    stack = list(reversed(scope.named_children))
    while stack:
        n = stack.pop()
        out.append(n)
        if n.type in nested:
            continue
        stack.extend(reversed(n.named_children))
    return out


def _is_target(node: Node) -> bool:
    parent = node.parent
    if parent is None:
        return False
    if parent.type in {"assignment", "augmented_assignment", "assignment_expression"}:
        return parent.child_by_field_name("left") == node
    if parent.type in {"pattern_list", "tuple_pattern", "as_pattern_target", "init_declarator"}:
        return parent.type != "init_declarator" or parent.child_by_field_name("declarator") == node
    if parent.type in {"for_statement", "for_in_clause"}:
        return parent.child_by_field_name("left") == node
    return parent.type in {"parameters", "default_parameter", "typed_parameter", "typed_default_parameter"}


def _loops_around(scope: Node, line: int, language: str) -> list[tuple[int, int]]:
    loops = {"for_statement", "while_statement"} | ({"do_statement"} if language != "python" else set())
    out: list[tuple[int, int]] = []
    for n in _walk(scope):
        if n.type in loops and n.start_point[0] + 1 <= line <= n.end_point[0] + 1:
            out.append((n.start_point[0] + 1, n.end_point[0] + 1))
    return out


def _same_block_before(scope: Node, def_line: int, line: int) -> bool:
    """The statement at ``def_line`` and the one at ``line`` sit in the same block (straight line)."""

    def block_of(ln: int) -> Node | None:
        node = scope.descendant_for_point_range((ln - 1, 0), (ln - 1, 0))
        while (
            node is not None
            and node.parent is not None
            and node.parent.type not in {"block", "module", "compound_statement", "translation_unit"}
        ):
            node = node.parent
        return node.parent if node is not None else None

    a, b = block_of(def_line), block_of(line)
    return a is not None and b is not None and a == b
