"""The parse layer: what the Python analyst reads off the tree-sitter tree (no values, no models)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tree_sitter import Node

NodeKey = tuple[int, int]
_FUNC_TYPES = frozenset({"function_definition"})


def text(node: Node | None) -> str:
    if node is None or node.text is None:
        return ""
    return node.text.decode("utf-8", "replace")


def nkey(node: Node) -> NodeKey:
    """Identity of a node within its tree (``f(x)`` and ``f(x)(y)`` start at the same byte)."""
    return node.start_byte, node.end_byte


def line_of(node: Node) -> int:
    return node.start_point[0] + 1


def end_line_of(node: Node) -> int:
    return node.end_point[0] + 1


def short(s: str, n: int = 60) -> str:
    s = " ".join(s.split())
    return s if len(s) <= n else s[: n - 1] + "…"


def hashable(values: tuple[Any, ...]) -> bool:
    try:
        hash(values)
        return True
    except TypeError:
        return False


def dotted_parts(node: Node) -> list[Node] | None:
    """``a.b.c`` as [a, b, c] nodes (identifiers), or None when the chain has a call/subscript."""
    parts: list[Node] = []
    cur: Node | None = node
    while cur is not None and cur.type == "attribute":
        attr = cur.child_by_field_name("attribute")
        if attr is None:
            return None
        parts.append(attr)
        cur = cur.child_by_field_name("object")
    if cur is None or cur.type != "identifier":
        return None
    parts.append(cur)
    parts.reverse()
    return parts


def var_key(node: Node | None) -> str | None:
    """The variable a guard can refine: a name or a dotted attribute chain."""
    if node is None:
        return None
    if node.type == "identifier":
        return text(node)
    if node.type == "attribute" and dotted_parts(node) is not None:
        return text(node)
    if node.type == "parenthesized_expression" and node.named_children:
        return var_key(node.named_children[0])
    return None


def node_on_line(root: Node, line: int, types: frozenset[str]) -> Node | None:
    """The outermost node of one of ``types`` that spans ``line`` (1-based), wherever it is indented."""
    row = line - 1
    stack = [root]
    while stack:
        n = stack.pop()
        if n.start_point[0] > row or n.end_point[0] < row:
            continue
        if n.type in types:
            return n
        stack.extend(n.named_children)
    return None


def overridable(cond: Node) -> bool:
    """Whether a condition reads a member of ``self`` or ``cls`` (``self.can_edit``,
    ``self.is_allowed(p)``): a subclass, possibly outside the workspace, or the instance itself may
    change it, so its value here never decides which branch runs."""
    for n in descendants(cond):
        if n.type == "attribute":
            obj = n.child_by_field_name("object")
            if obj is not None and obj.type == "identifier" and text(obj) in {"self", "cls"}:
                return True
    return False


def descendants(node: Node) -> list[Node]:
    out: list[Node] = []
    stack = [node]
    while stack:
        n = stack.pop()
        out.append(n)
        stack.extend(n.named_children)
    return out


@dataclass(frozen=True)
class Param:
    name: str
    index: int
    default: Node | None
    annotation: str
    kind: str  # "plain" | "star" | "dstar"


def params_of(func: Node) -> list[Param]:
    out: list[Param] = []
    plist = func.child_by_field_name("parameters")
    if plist is None:
        return out
    idx = 0
    for p in plist.named_children:
        name, default, ann, kind = "", None, "", "plain"
        if p.type == "identifier":
            name = text(p)
        elif p.type in {"default_parameter", "typed_default_parameter"}:
            name = text(p.child_by_field_name("name"))
            default = p.child_by_field_name("value")
            ann = text(p.child_by_field_name("type"))
        elif p.type == "typed_parameter":
            inner = p.named_children[0] if p.named_children else None
            if inner is not None and inner.type == "list_splat_pattern":
                name, kind = text(inner.named_children[0]) if inner.named_children else "", "star"
            elif inner is not None and inner.type == "dictionary_splat_pattern":
                name, kind = text(inner.named_children[0]) if inner.named_children else "", "dstar"
            else:
                name = text(inner)
            ann = text(p.child_by_field_name("type"))
        elif p.type == "list_splat_pattern":
            name, kind = (text(p.named_children[0]) if p.named_children else ""), "star"
        elif p.type == "dictionary_splat_pattern":
            name, kind = (text(p.named_children[0]) if p.named_children else ""), "dstar"
        else:
            continue  # "*" / "/" separators
        if name:
            out.append(Param(name, idx, default, ann, kind))
            idx += 1
    return out


def enclosing_function(node: Node) -> Node | None:
    cur = node.parent
    while cur is not None:
        if cur.type in _FUNC_TYPES:
            return cur
        cur = cur.parent
    return None


def enclosing_class(node: Node) -> Node | None:
    cur = node.parent
    while cur is not None:
        if cur.type == "class_definition":
            return cur
        cur = cur.parent
    return None


def decorators(func: Node) -> list[Node]:
    parent = func.parent
    if parent is not None and parent.type == "decorated_definition":
        return [c for c in parent.named_children if c.type == "decorator"]
    return []


def assigned_names(node: Node) -> set[str]:
    """Every name a function body binds (assignments, loops, ``with ... as``, walrus, nested defs)."""
    names: set[str] = set()
    stack = [node]
    while stack:
        n = stack.pop()
        t = n.type
        if t in {"function_definition", "class_definition", "lambda"} and n != node:
            name = n.child_by_field_name("name")
            if name is not None:
                names.add(text(name))
            continue
        if t in {"assignment", "augmented_assignment"} or t in {"for_statement", "for_in_clause"}:
            left = n.child_by_field_name("left")
            if left is not None:
                names |= target_names(left)
        elif t in {"as_pattern_target", "named_expression"}:
            target = (
                n.child_by_field_name("name")
                if t == "named_expression"
                else (n.named_children[0] if n.named_children else None)
            )
            if target is not None:
                names |= target_names(target)
        stack.extend(n.named_children)
    return names


def target_names(node: Node) -> set[str]:
    if node.type == "identifier":
        return {text(node)}
    out: set[str] = set()
    if node.type in {
        "pattern_list",
        "tuple_pattern",
        "list_pattern",
        "tuple",
        "list",
        "list_splat_pattern",
        "parenthesized_expression",
    }:
        for c in node.named_children:
            out |= target_names(c)
    return out


def import_bindings(node: Node) -> list[str]:
    out: list[str] = []
    if node.type == "import_statement":
        for c in node.named_children:
            if c.type == "dotted_name":
                out.append(text(c).split(".")[0])
            elif c.type == "aliased_import":
                out.append(text(c.child_by_field_name("alias")))
    elif node.type == "import_from_statement":
        for i in range(node.child_count):
            if node.field_name_for_child(i) == "name":
                c = node.children[i]
                out.append(
                    text(c.child_by_field_name("alias"))
                    if c.type == "aliased_import"
                    else text(c).split(".")[-1]
                )
    return out


# Methods of Python's built-in containers that change their receiver.
_MUTATORS = frozenset(
    {"append", "extend", "insert", "update", "setdefault", "add", "__setitem__", "appendleft"}
)


def written_from_functions(root: Node) -> dict[str, int]:
    """Module-level names that functions rebind (``global``) or mutate in place: name -> first line."""
    out: dict[str, int] = {}
    for top in root.named_children:
        func = top.child_by_field_name("definition") if top.type == "decorated_definition" else top
        if func is None or func.type not in {"function_definition", "class_definition"}:
            continue
        body = func.child_by_field_name("body")
        if body is None:
            continue
        stack = [body]
        declared: set[str] = set()
        local = assigned_names(body) if func.type == "function_definition" else set()
        nodes: list[Node] = []
        while stack:
            n = stack.pop()
            nodes.append(n)
            if n.type == "global_statement":
                declared |= {text(c) for c in n.named_children if c.type == "identifier"}
            stack.extend(n.named_children)
        for n in nodes:
            line = n.start_point[0] + 1
            if n.type in {"assignment", "augmented_assignment"}:
                left = n.child_by_field_name("left")
                names = target_names(left) if left is not None else set()
                for name in names & declared:
                    out.setdefault(name, line)
                if left is not None and left.type == "subscript":
                    base = left.child_by_field_name("value")
                    if base is not None and base.type == "identifier" and text(base) not in local - declared:
                        out.setdefault(text(base), line)
            elif n.type == "call":
                fn = n.child_by_field_name("function")
                if (
                    fn is not None
                    and fn.type == "attribute"
                    and text(fn.child_by_field_name("attribute")) in _MUTATORS
                ):
                    obj = fn.child_by_field_name("object")
                    if obj is not None and obj.type == "identifier" and text(obj) not in local - declared:
                        out.setdefault(text(obj), line)
    return out


def kw_node(call: Node, name: str, pos: int | None = None) -> Node | None:
    """The argument node passed as keyword ``name`` (else positional ``pos``) to ``call``."""
    args = call.child_by_field_name("arguments")
    if args is None:
        return None
    positional = [a for a in args.named_children if a.type not in {"keyword_argument", "comment"}]
    for a in args.named_children:
        if a.type == "keyword_argument" and text(a.child_by_field_name("name")) == name:
            return a.child_by_field_name("value")
    if pos is not None and 0 <= pos < len(positional):
        return positional[pos]
    return None
