"""Exclude/privacy globs used by the workspace scan and fetch_code."""

from __future__ import annotations

import pytest
from sastls.analyzers.code.globs import dir_excluded, matches

PATTERNS = (".git/**", ".venv/**", "**/__pycache__/**", "node_modules", "*.pem", "secrets/", "config/*.toml")


@pytest.mark.parametrize(
    ("path", "hit"),
    [
        (".git/config", True),
        (".venv/lib/python3.11/site.py", True),
        ("src/.venv/x.py", False),  # anchored at the root
        ("a/b/__pycache__/m.pyc", True),
        ("__pycache__/m.pyc", True),
        ("web/node_modules/react/index.js", True),  # a slash-less name matches at any depth, with its files
        ("keys/server.pem", True),
        ("secrets/token.txt", True),
        ("app/secrets/token.txt", True),
        ("config/app.toml", True),
        ("config/nested/app.toml", False),  # * does not cross a slash
        ("src/app.py", False),
    ],
)
def test_matches(path: str, hit: bool) -> None:
    assert matches(path, PATTERNS) is hit


def test_question_mark_classes_and_empty_patterns() -> None:
    assert matches("a/x1.py", ["a/x?.py"])
    assert not matches("a/x12.py", ["a/x?.py"])
    assert matches("a/b.c", ["a/[abc].c"]) and not matches("a/d.c", ["a/[abc].c"])
    assert matches("a/d.c", ["a/[!abc].c"])
    assert not matches("a.py", ["", "   "])
    assert not matches("a.py", [])


def test_dir_excluded_prunes_whole_directories() -> None:
    assert dir_excluded(".git", PATTERNS)
    assert dir_excluded("pkg/__pycache__", PATTERNS)
    assert dir_excluded("deep/node_modules", PATTERNS)
    assert dir_excluded("secrets", PATTERNS)
    assert not dir_excluded("src", PATTERNS)
    assert not dir_excluded("config", PATTERNS)  # only some files in it are excluded
