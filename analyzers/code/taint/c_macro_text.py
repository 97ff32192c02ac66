"""Macro bodies as text: every ``#define`` of a name (in the judged file or the header that
defines it), the macros of a scope that name an object in their body, and the macros that are only
another name of it. A leaf module: the value and condition modules use it without an import cycle."""

from __future__ import annotations

import re

from tree_sitter import Node

from .c_context import Ctx
from .c_tree import text, walk


def macro_bodies(ctx: Ctx, name: str) -> list[str]:
    """The body of every ``#define`` of ``name`` (object-like or function-like, each ``#ifdef``
    branch) in the judged file, or else in the header that defines it; [] when ``name`` is no macro."""
    key = f"c_macros.bodies:{name}"
    memo = ctx.parsed.derived
    got = memo.get(key)
    if isinstance(got, list):
        return got
    out = _bodies(ctx.parsed.tree.root_node, name)
    if not out:
        try:
            matches = ctx.index.definitions(name, from_path=ctx.path, limit=3, fuzzy=False)
        except Exception:
            matches = []
        for m in matches:
            if m.strategy in {"same_file", "import"} and m.symbol.kind == "macro":
                other = ctx.index.file(m.symbol.path)
                out = _bodies(other.tree.root_node, name) if other is not None else []
                if out:
                    break
    memo[key] = out
    return out


def _bodies(root: Node, name: str) -> list[str]:
    return [
        text(n.child_by_field_name("value"))
        for n in walk(root)
        if n.type in {"preproc_def", "preproc_function_def"}
        and text(n.child_by_field_name("name")) == name
        and n.child_by_field_name("value") is not None
    ]


def function_macro(ctx: Ctx, name: str) -> tuple[list[str], str] | None:
    """(parameters, body) of the one function-like ``#define`` of ``name`` in the judged file
    (``#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))``); None when there is none, several, or
    the body pastes or quotes its arguments (``#``, ``##``)."""
    key = "c_macros.definitions"
    got = ctx.parsed.derived.get(key)
    table: dict[str, list[Node]] = got if isinstance(got, dict) else {}
    if not isinstance(got, dict):
        for n in walk(ctx.parsed.tree.root_node):
            if n.type in {"preproc_def", "preproc_function_def"}:
                table.setdefault(text(n.child_by_field_name("name")), []).append(n)
        ctx.parsed.derived[key] = table
    found = table.get(name, [])
    if len(found) != 1 or found[0].type != "preproc_function_def":
        return None
    params, value = found[0].child_by_field_name("parameters"), found[0].child_by_field_name("value")
    if params is None or value is None or "#" in text(value):
        return None
    names = [text(p) for p in params.named_children if p.type == "identifier"]
    if len(names) != len(params.named_children):
        return None  # `...` (variadic)
    return names, text(value)


def expand(params: list[str], body: str, args: list[str]) -> str:
    """The body with each parameter replaced by its argument, in parentheses."""
    by_name = dict(zip(params, args, strict=True))
    return re.sub(
        r"\b[A-Za-z_]\w*\b",
        lambda m: f"({by_name[m.group(0)]})" if m.group(0) in by_name else m.group(0),
        body,
    )


def macro_naming(ctx: Ctx, scope: Node, names: set[str]) -> tuple[Node, str] | None:
    """A macro used in ``scope`` whose body names one of ``names``: (the use, the name). The code it
    expands to reads or writes that object where the parsed text does not show it
    (``#define STORE(i, v) (buf[i] = (v))``)."""
    words = re.compile(r"\b(?:" + "|".join(re.escape(n) for n in sorted(names)) + r")\b") if names else None
    if words is None:
        return None
    seen: set[str] = set()
    for n in walk(scope):
        if n.type != "identifier":
            continue
        used = text(n)
        if used in seen or used in names:
            continue
        seen.add(used)
        for body in macro_bodies(ctx, used):
            hit = words.search(body)
            if hit is not None:
                return n, hit.group(0)
    return None


def alias_macros(ctx: Ctx, scope: Node, names: set[str]) -> set[str]:
    """Object-like macros used in ``scope`` whose every definition is just one of ``names``
    (``#define ARG data``): another name of that variable, wherever the macro is used."""
    out: set[str] = set()
    seen: set[str] = set()
    for n in walk(scope):
        if n.type != "identifier" or text(n) in names or text(n) in seen:
            continue
        seen.add(text(n))
        bodies = macro_bodies(ctx, text(n))
        if bodies and all(b.strip().strip("()").strip() in names for b in bodies):
            out.add(text(n))
    return out
