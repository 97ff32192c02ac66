"""Where the workspace defines the C function a call names (through local headers), as a context
for its file and its ``function_definition`` node. A module of its own, below every rule that
follows calls into their callees."""

from __future__ import annotations

from tree_sitter import Node

from .c_context import Ctx
from .c_tree import callee_of, file_macros, func_name, line_of, walk


def definition_of(ctx: Ctx, call: Node) -> tuple[Ctx, Node] | None:
    """The workspace definition of the C function ``call`` calls (through local headers)."""
    name = callee_of(call)
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
                for n in walk(parsed.tree.root_node)
                if n.type == "function_definition" and func_name(n) == name
            ]
            node = found[0] if found else None
        if node is not None:
            other = Ctx(ctx.finding, parsed, ctx.index, file_macros(parsed.tree.root_node))
            return other, node
    return None
