"""Languages by extension and content; every grammar loads and every query compiles."""

from __future__ import annotations

import pytest
from sastls.analyzers.code.languages import LANGUAGES, language_for, parse
from sastls.analyzers.code.symbols import QueryKind, query


@pytest.mark.parametrize(
    ("path", "lang"),
    [
        ("a/b.py", "python"),
        ("x.pyi", "python"),
        ("m.c", "c"),
        ("m.cc", "cpp"),
        ("M.CPP", "cpp"),
        ("h.hpp", "cpp"),
        ("A.java", "java"),
        ("a.mjs", "javascript"),
        ("a.jsx", "javascript"),
        ("a.ts", "typescript"),
        ("a.tsx", "tsx"),
        ("main.go", "go"),
        ("win\\path\\x.py", "python"),
        ("README.md", None),
        ("Makefile", None),
    ],
)
def test_language_by_extension(path: str, lang: str | None) -> None:
    assert language_for(path) == lang


def test_header_language_by_content() -> None:
    assert language_for("x.h", b"#include <stdio.h>\nint f(void);\n") == "c"
    assert language_for("x.h", b"namespace geo {\nclass Shape {};\n}\n") == "cpp"
    assert language_for("x.h", b"std::string name();\n") == "cpp"
    assert language_for("x.h") == "c"


def test_shebang_scripts() -> None:
    assert language_for("tool", b"#!/usr/bin/env python3\nprint(1)\n") == "python"
    assert language_for("tool", b"#!/usr/bin/env node\nconsole.log(1)\n") == "javascript"
    assert language_for("tool", b"#!/bin/sh\necho\n") is None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_grammar_loads_and_queries_compile(lang: str) -> None:
    tree = parse(b"", lang)  # type: ignore[arg-type]
    assert tree.root_node is not None
    kinds: tuple[QueryKind, ...] = ("definitions", "calls", "imports")
    for kind in kinds:
        q = query(lang, kind)
        assert q.pattern_count > 0
