"""Constant folding of Python expressions (tree-sitter nodes)."""

from __future__ import annotations

from typing import Any

import pytest
from sastls.analyzers.code import constfold
from sastls.analyzers.code.constfold import NOT_CONST
from sastls.analyzers.code.languages import parse


def fold(expr: str, names: dict[str, Any] | None = None) -> Any:
    node = parse(expr.encode(), "python").root_node.children[0].children[0]
    table = names or {}
    return constfold.fold(node, lambda n: table.get(n, NOT_CONST))


@pytest.mark.parametrize(
    ("expr", "value"),
    [
        ("1 + 2 * 3", 7),
        ('"SELECT " + "1"', "SELECT 1"),
        ('"a" "b"', "ab"),
        ('f"x{1}y"', "x1y"),
        ('"%s-%d" % ("a", 3)', "a-3"),
        ('"{}!".format("hi")', "hi!"),
        ("not (1 > 2)", True),
        ("3 if 0 else 4", 4),
        ('"ab".upper()', "AB"),
        ('"a" in ("a", "b")', True),
        ('len("abc") > 2', True),
        ("1 < 2 < 0", False),
        ("2 ** 3 == 9", False),
        ('"prod".startswith("dev")', False),
        ("0 and unknown", 0),
        ("1 or unknown", 1),
        ('r"\\d+"', "\\d+"),
        ('b"x" + b"y"', b"xy"),
        ("-5", -5),
        ("(1, 2)", (1, 2)),
    ],
)
def test_folds_literal_expressions(expr: str, value: Any) -> None:
    assert fold(expr) == value


@pytest.mark.parametrize(
    "expr",
    ["x", "x + 1", 'f"{x}"', "call()", '"a" * 100000', "2 ** 100000", "1 / 0", '"%s" % [1]', "unknown.attr"],
)
def test_gives_up_on_unknowns_and_unbounded_results(expr: str) -> None:
    assert fold(expr) is NOT_CONST


def test_names_resolve_through_lookup() -> None:
    assert fold("DEBUG and 1", {"DEBUG": False}) is False
    assert fold('PREFIX + "/x"', {"PREFIX": "/srv"}) == "/srv/x"
    assert fold("LIMIT * 2", {"LIMIT": 10}) == 20


def test_truthy_is_three_valued() -> None:
    assert constfold.truthy(0) is False
    assert constfold.truthy("x") is True
    assert constfold.truthy(NOT_CONST) is None


def test_compare_and_binary_helpers_never_raise() -> None:
    assert constfold.compare([1, "a"], ["<"]) is NOT_CONST
    assert constfold.binary("//", 1, 0) is NOT_CONST
    assert constfold.binary("+", NOT_CONST, 1) is NOT_CONST
    assert constfold.method("a,b", "split", [","]) == ("a", "b")
    assert constfold.method(1, "upper", []) is NOT_CONST
