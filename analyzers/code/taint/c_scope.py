"""Which declaration a name refers to at a point of a C file (the innermost visible one: a block's
local declared before the point, a parameter, a file-scope declaration), and what it declares (an
array, a pointer, something else). Parameters declared as arrays (``char buf[64]``) are pointers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tree_sitter import Node

from .c_tree import declared_name, enclosing_function, inside, walk

Where = Literal["local", "param", "file"]
Shape = Literal["array", "pointer", "function", "other"]

_DECLARATIONS = frozenset({"declaration", "parameter_declaration"})
_SCOPES = frozenset({"compound_statement", "for_statement", "function_definition", "translation_unit"})


@dataclass(frozen=True)
class Declared:
    declarator: Node  # the declarator of the name (``*p``, ``buf[64]``, ``x = 1``)
    declaration: Node  # the whole declaration (type and every declarator)
    where: Where

    @property
    def shape(self) -> Shape:
        d: Node | None = self.declarator
        outer: str | None = None
        while d is not None and d.type in {
            "init_declarator",
            "pointer_declarator",
            "array_declarator",
            "function_declarator",
            "parenthesized_declarator",
        }:
            if d.type != "init_declarator" and outer is None:
                outer = d.type
            d = d.child_by_field_name("declarator")
        if outer == "array_declarator":
            return "pointer" if self.where == "param" else "array"
        if outer in {"pointer_declarator", "parenthesized_declarator"}:
            return "pointer"
        if outer == "function_declarator":
            return "function"
        return "other"

    @property
    def type_text(self) -> str:
        t = self.declaration.child_by_field_name("type")
        return "" if t is None or t.text is None else t.text.decode("utf-8", "replace")


def declarators_of(decl: Node) -> list[Node]:
    return list(decl.children_by_field_name("declarator"))


def visible_declaration(name: str, at: Node, root: Node) -> Declared | None:
    """The declaration of ``name`` that ``at`` sees (None: declared nowhere in this file)."""
    func = enclosing_function(at) if at.type != "function_definition" else at
    if func is not None:
        best: Declared | None = None
        for n in walk(func):
            if n.type != "declaration" or n.start_byte > at.start_byte:
                continue
            scope = _scope_of(n)
            if scope is None or not inside(at, scope):
                continue
            for d in declarators_of(n):
                if declared_name(d) == name and (best is None or n.start_byte > best.declaration.start_byte):
                    best = Declared(d, n, "local")
        if best is not None:
            return best
        params = _parameters(func)
        for p in params:
            for d in declarators_of(p):
                if declared_name(d) == name:
                    return Declared(d, p, "param")
    for n in root.named_children:
        if n.type in {"declaration", "function_definition"} and n.start_byte <= at.start_byte:
            for d in declarators_of(n):
                if declared_name(d) == name:
                    return Declared(d, n, "file")
    return None


def _scope_of(decl: Node) -> Node | None:
    cur = decl.parent
    while cur is not None and cur.type not in _SCOPES:
        cur = cur.parent
    return cur


def _parameters(func: Node) -> list[Node]:
    d = func.child_by_field_name("declarator")
    while d is not None and d.type != "function_declarator":
        d = d.child_by_field_name("declarator")
    params = d.child_by_field_name("parameters") if d is not None else None
    return [p for p in params.named_children if p.type == "parameter_declaration"] if params else []


def block_of(decl: Node) -> Node | None:
    """The block (or ``for`` statement) whose scope a local declaration belongs to."""
    return _scope_of(decl)


def parse_trouble(scope: Node) -> Node | None:
    """The first place tree-sitter could not parse inside ``scope`` (an ERROR or a missing node):
    usually a macro whose header is not in the workspace; scopes and paths there are not trusted."""
    for n in walk(scope):
        if n.type == "ERROR" or n.is_missing:
            return n
    return None
