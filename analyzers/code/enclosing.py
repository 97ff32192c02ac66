"""The enclosing function of a line, for fingerprints and the pre-fetch.

Temporary minimal version (Python/C via tree-sitter node types); the code
intelligence work replaces the body with the workspace index's query.
"""

from __future__ import annotations

from .languages import language_for, parse

_FUNC_TYPES = {
    "function_definition",
    "function_declaration",
    "method_declaration",
    "method_definition",
    "constructor_declaration",
    "function_item",
    "arrow_function",
    "func_literal",
}


def enclosing_span(path: str, text: str, line: int) -> tuple[int, int] | None:
    """1-based inclusive line span of the innermost function around ``line``, or None."""
    data = text.encode("utf-8", "surrogatepass")
    lang = language_for(path, data)
    if lang is None:
        return None
    tree = parse(data, lang)
    node = tree.root_node.descendant_for_point_range((max(line - 1, 0), 0), (max(line - 1, 0), 0))
    while node is not None:
        if node.type in _FUNC_TYPES:
            return node.start_point[0] + 1, node.end_point[0] + 1
        node = node.parent
    return None
