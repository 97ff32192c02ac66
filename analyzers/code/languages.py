"""Languages by file extension (and content for ambiguous files), and cached tree-sitter parsers."""

from __future__ import annotations

import importlib
import re
from functools import cache
from pathlib import PurePosixPath
from typing import Literal

from tree_sitter import Language, Parser, Tree

LanguageName = Literal["python", "c", "cpp", "java", "javascript", "typescript", "tsx", "go"]
LANGUAGES: tuple[LanguageName, ...] = ("python", "c", "cpp", "java", "javascript", "typescript", "tsx", "go")

_BY_EXT: dict[str, LanguageName] = {
    ".py": "python",
    ".pyi": "python",
    ".pyw": "python",
    ".c": "c",
    ".cc": "cpp",
    ".cpp": "cpp",
    ".cxx": "cpp",
    ".c++": "cpp",
    ".hpp": "cpp",
    ".hh": "cpp",
    ".hxx": "cpp",
    ".java": "java",
    ".js": "javascript",
    ".mjs": "javascript",
    ".cjs": "javascript",
    ".jsx": "javascript",
    ".ts": "typescript",
    ".mts": "typescript",
    ".cts": "typescript",
    ".tsx": "tsx",
    ".go": "go",
}

_MODULES: dict[LanguageName, str] = {
    "python": "tree_sitter_python",
    "c": "tree_sitter_c",
    "cpp": "tree_sitter_cpp",
    "java": "tree_sitter_java",
    "javascript": "tree_sitter_javascript",
    "typescript": "tree_sitter_typescript",
    "tsx": "tree_sitter_typescript",
    "go": "tree_sitter_go",
}

_CPP_HINTS = re.compile(
    rb"^\s*(namespace\b|class\s+\w+\s*[:{]|template\s*<|#include\s*<(iostream|string|vector|memory|map)>)"
    rb"|\bstd::|\w+::\w+\s*\(",
    re.M,
)


def language_for(path: str, content: bytes | None = None) -> LanguageName | None:
    """The language of ``path``; ``.h`` headers are C unless their content looks like C++."""
    p = PurePosixPath(path.replace("\\", "/"))
    ext = p.suffix.lower()
    if ext == ".h":
        if content is not None and _CPP_HINTS.search(content[:65536]):
            return "cpp"
        return "c"
    if ext in _BY_EXT:
        return _BY_EXT[ext]
    if content is not None and not ext:
        first = content.split(b"\n", 1)[0]
        if first.startswith(b"#!") and b"python" in first:
            return "python"
        if first.startswith(b"#!") and b"node" in first:
            return "javascript"
    return None


@cache
def ts_language(name: LanguageName) -> Language:
    """The tree-sitter language for ``name`` (grammar wheels imported on first use)."""
    module = importlib.import_module(_MODULES[name])
    if name == "typescript":
        return Language(module.language_typescript())
    if name == "tsx":
        return Language(module.language_tsx())
    return Language(module.language())


def parser_for(name: LanguageName) -> Parser:
    """A new parser (parsers are not thread-safe; languages are cached and shared)."""
    return Parser(ts_language(name))


def parse(source: bytes, name: LanguageName) -> Tree:
    return parser_for(name).parse(source)
