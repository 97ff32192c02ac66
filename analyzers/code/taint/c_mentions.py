"""Where a name is mentioned in the workspace's C files, as code (not in comments or strings), and
what each mention is: a call, a use of its value, a declaration, a macro's text. Files are searched
by text first and parsed only when the name occurs in them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from tree_sitter import Node

from .c_context import Ctx
from .c_spec import STATEMENT_MACROS
from .c_tree import enclosing_function, func_name, line_of, text, walk

Kind = Literal["call", "value", "declaration", "definition", "macro", "preprocessor"]

C_SUFFIXES = (".c", ".h", ".cc", ".cpp", ".cxx", ".hpp", ".hh", ".inc")
MAX_FILES = 2000


@dataclass(frozen=True)
class Mention:
    path: str
    node: Node
    kind: Kind
    function: str  # the function the mention is in ("" at file scope)
    conditional: bool  # inside an #if/#ifdef branch: some builds leave it out

    @property
    def line(self) -> int:
        return line_of(self.node)


def mentions(ctx: Ctx, name: str, *, other_files: bool = True) -> list[Mention]:
    """Every mention of the identifier ``name`` in this file and (``other_files``) the workspace's
    other C files."""
    out = _in_tree(ctx.path, ctx.parsed.tree.root_node, name)
    if not other_files:
        return out
    word = re.compile(rb"(?<![\w$])" + re.escape(name.encode()) + rb"(?![\w$])")
    try:
        files = [f for f in ctx.index.files() if f != ctx.path and f.endswith(C_SUFFIXES)]
    except Exception:
        files = []
    for rel in files[:MAX_FILES]:
        got = ctx.index.read(rel)
        if not isinstance(got, tuple) or not word.search(got[1]):
            continue
        parsed = ctx.index.file(rel)
        if parsed is not None:
            out.extend(_in_tree(rel, parsed.tree.root_node, name))
    return out


def _in_tree(path: str, root: Node, name: str) -> list[Mention]:
    out: list[Mention] = []
    for n in walk(root):
        if n.type in {"preproc_arg", "preproc_params"} and re.search(
            rf"(?<![\w$]){re.escape(name)}(?![\w$])", text(n)
        ):
            out.append(Mention(path, n, "macro", "", _conditional(n)))
            continue
        if n.type != "identifier" or text(n) != name:
            continue
        func = enclosing_function(n)
        out.append(Mention(path, n, _kind(n), func_name(func) if func is not None else "", _conditional(n)))
    return out


def _kind(ident: Node) -> Kind:
    p = ident.parent
    if p is not None and p.type == "call_expression" and p.child_by_field_name("function") == ident:
        return "call"
    if p is not None and p.type == "function_declarator" and p.child_by_field_name("declarator") == ident:
        holder = p.parent
        while holder is not None and holder.type in {"pointer_declarator", "parenthesized_declarator"}:
            holder = holder.parent
        if holder is not None and holder.type == "function_definition":
            return "definition"
        if holder is not None and holder.type == "declaration" and _statement_macro(holder):
            return "call"  # `Py_BEGIN_ALLOW_THREADS f(x);`: a call after a statement macro
        return "declaration"
    cur = p
    while cur is not None and cur.type in {"pointer_declarator", "array_declarator", "init_declarator"}:
        if cur.type == "init_declarator":
            break
        cur = cur.parent
    if (
        cur is not None
        and cur.type in {"declaration", "parameter_declaration", "init_declarator"}
        and (cur.type != "init_declarator" or cur.child_by_field_name("declarator") in {ident, p})
    ):
        return "declaration"
    return "value"


def _statement_macro(decl: Node) -> bool:
    t = decl.child_by_field_name("type")
    return t is not None and text(t) in STATEMENT_MACROS


def statement_macro_call(decl: Node) -> bool:
    """``Py_BEGIN_ALLOW_THREADS qsufsort(I, V);`` parses as a declaration whose type is the macro;
    the macro expands to statements, so the line is a call."""
    return decl.type == "declaration" and _statement_macro(decl)


def _conditional(n: Node) -> bool:
    """Inside an ``#if``/``#ifdef`` branch (an include guard does not count)."""
    cur = n.parent
    while cur is not None:
        if cur.type in {"preproc_if", "preproc_else", "preproc_elif", "preproc_elifdef"}:
            return True
        if cur.type == "preproc_ifdef" and not _include_guard(cur):
            return True
        cur = cur.parent
    return False


def _include_guard(node: Node) -> bool:
    """``#ifndef X`` whose first line inside is ``#define X``, at file scope."""
    name = node.child_by_field_name("name")
    body = [c for c in node.named_children if c != name and c.type != "comment"]
    return (
        node.parent is not None
        and node.parent.type == "translation_unit"
        and text(node).lstrip().startswith("#ifndef")
        and bool(body)
        and body[0].type == "preproc_def"
        and text(body[0].child_by_field_name("name")) == text(name)
    )


def function_macro(ctx: Ctx, name: str) -> str | None:
    """The text of the function-like macro ``name`` (``#define DONE(v) { r = v; break; }``) defined
    in this file or a header the index finds; None when it is not one."""
    if not name:
        return None
    for n in walk(ctx.parsed.tree.root_node):
        if n.type == "preproc_function_def" and text(n.child_by_field_name("name")) == name:
            return text(n.child_by_field_name("value"))
    try:
        matches = ctx.index.definitions(name, from_path=ctx.path, limit=3)
    except Exception:
        return None
    for m in matches:
        if m.symbol.kind != "macro" or m.symbol.path == ctx.path:
            continue
        other = ctx.index.file(m.symbol.path)
        line = other.line_text(m.symbol.start_line) if other is not None else ""
        found = re.match(r"\s*#\s*define\s+" + re.escape(name) + r"\(([^)]*)\)\s*(.*)$", line)
        if found:
            return found.group(2)
    return None
