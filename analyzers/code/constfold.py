"""Constant folding of Python expressions built from literals (tree-sitter nodes).

Used by the offline analyst to know that a value is always the same constant and
that a branch can never run (``if False:``, ``if DEBUG and 1 > 2:``, ``x = "a" if
0 else "b"``). Folding is exact or gives up: every operation either computes the
value Python would compute or returns :data:`NOT_CONST`. Results are bounded (no
``"a" * 10**9``), and nothing from the analysed code is ever executed:
``ast.literal_eval`` only reads literal tokens.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Sequence
from typing import Any, Final

from tree_sitter import Node


class _NotConst:
    """The one value meaning "not a known constant"."""

    _instance: _NotConst | None = None

    def __new__(cls) -> _NotConst:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "NOT_CONST"

    def __bool__(self) -> bool:  # pragma: no cover - guard against accidental truth tests
        raise TypeError("NOT_CONST has no truth value")


NOT_CONST: Final = _NotConst()
MAX_LEN: Final = 10_000  # longest string/sequence folding will build
MAX_INT_BITS: Final = 4_096

_SCALAR = (str, bytes, int, float, bool, complex, type(None))

_BINARY: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": operator.truediv,
    "//": operator.floordiv,
    "%": operator.mod,
    "**": operator.pow,
    "<<": operator.lshift,
    ">>": operator.rshift,
    "&": operator.and_,
    "|": operator.or_,
    "^": operator.xor,
}

_COMPARE: dict[str, Callable[[Any, Any], Any]] = {
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "==": operator.eq,
    "!=": operator.ne,
    "in": lambda a, b: a in b,
    "not in": lambda a, b: a not in b,
    "is": lambda a, b: a is b if a is None or b is None or isinstance(a, bool) else a == b,
    "is not": lambda a, b: a is not b if a is None or b is None or isinstance(a, bool) else a != b,
}

# str methods that are pure functions of their receiver and constant arguments.
STR_METHODS: Final = frozenset(
    {
        "upper",
        "lower",
        "strip",
        "lstrip",
        "rstrip",
        "title",
        "capitalize",
        "casefold",
        "swapcase",
        "startswith",
        "endswith",
        "replace",
        "split",
        "rsplit",
        "join",
        "isdigit",
        "isalnum",
        "isalpha",
        "isidentifier",
        "isnumeric",
        "isdecimal",
        "islower",
        "isupper",
        "find",
        "rfind",
        "count",
        "zfill",
        "removeprefix",
        "removesuffix",
        "encode",
        "decode",
        "format",
        "partition",
        "rpartition",
        "splitlines",
    }
)

_BUILTINS: dict[str, Callable[..., Any]] = {
    "len": len,
    "str": str,
    "int": int,
    "float": float,
    "bool": bool,
    "abs": abs,
    "min": min,
    "max": max,
    "ord": ord,
    "chr": chr,
    "repr": repr,
}


def is_const(value: Any) -> bool:
    return value is not NOT_CONST


def _bounded(value: Any) -> Any:
    if isinstance(value, str | bytes | tuple | list | frozenset) and len(value) > MAX_LEN:
        return NOT_CONST
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_INT_BITS:
        return NOT_CONST
    if isinstance(value, tuple | list | frozenset) and not all(
        isinstance(v, (*_SCALAR, tuple, frozenset)) for v in value
    ):
        return NOT_CONST
    return value


def _guarded(fn: Callable[[], Any]) -> Any:
    try:
        return _bounded(fn())
    except Exception:
        return NOT_CONST


def _too_big_repeat(a: Any, b: Any) -> bool:
    def rep(seq: Any, n: Any) -> bool:
        return isinstance(seq, str | bytes | tuple | list) and isinstance(n, int) and len(seq) * n > MAX_LEN

    return rep(a, b) or rep(b, a)


def binary(op: str, left: Any, right: Any) -> Any:
    """``left op right`` when both are constants, else NOT_CONST."""
    if left is NOT_CONST or right is NOT_CONST or op not in _BINARY:
        return NOT_CONST
    if op == "*" and _too_big_repeat(left, right):
        return NOT_CONST
    if op == "**" and isinstance(right, int) and abs(right) > 256:
        return NOT_CONST
    if op == "<<" and isinstance(right, int) and right > MAX_INT_BITS:
        return NOT_CONST
    if op == "%" and isinstance(left, str | bytes) and isinstance(right, list):
        return NOT_CONST
    fn = _BINARY[op]
    return _guarded(lambda: fn(left, right))


def compare(operands: Sequence[Any], operators: Sequence[str]) -> Any:
    """A chained comparison ``a < b <= c`` over constants."""
    if any(v is NOT_CONST for v in operands) or len(operands) != len(operators) + 1:
        return NOT_CONST
    result = True
    for i, op in enumerate(operators):
        fn = _COMPARE.get(op)
        if fn is None:
            return NOT_CONST
        a, b = operands[i], operands[i + 1]
        step = _guarded(lambda fn=fn, a=a, b=b: fn(a, b))  # type: ignore[misc]
        if step is NOT_CONST:
            return NOT_CONST
        result = result and bool(step)
    return result


def unary(op: str, value: Any) -> Any:
    if value is NOT_CONST:
        return NOT_CONST
    if op == "not":
        return _guarded(lambda: not value)
    if op == "-":
        return _guarded(lambda: -value)
    if op == "+":
        return _guarded(lambda: +value)
    if op == "~":
        return _guarded(lambda: ~value)
    return NOT_CONST


def truthy(value: Any) -> bool | None:
    """The truth of a constant, or None when unknown."""
    if value is NOT_CONST:
        return None
    try:
        return bool(value)
    except Exception:
        return None


def boolean(op: str, left: Any, right: Any) -> Any:
    """``left and right`` / ``left or right`` (Python returns an operand, not a bool)."""
    t = truthy(left)
    if t is None:
        return NOT_CONST
    if op == "and":
        return right if t else left
    if op == "or":
        return left if t else right
    return NOT_CONST


def method(receiver: Any, name: str, args: Sequence[Any]) -> Any:
    """A pure str/bytes method on constants (``"a,b".split(",")``)."""
    if receiver is NOT_CONST or any(a is NOT_CONST for a in args):
        return NOT_CONST
    if not isinstance(receiver, str | bytes) or name not in STR_METHODS:
        return NOT_CONST
    if name == "join" and (len(args) != 1 or not isinstance(args[0], tuple | list | frozenset)):
        return NOT_CONST
    if name == "format" and any(not isinstance(a, _SCALAR) for a in args):
        return NOT_CONST
    fn = getattr(receiver, name)
    value = _guarded(lambda: fn(*args))
    if isinstance(value, list):
        return _bounded(tuple(value))
    return value


def builtin(name: str, args: Sequence[Any]) -> Any:
    """A pure builtin (``len``, ``str``, ``int``...) on constants."""
    fn = _BUILTINS.get(name)
    if fn is None or any(a is NOT_CONST for a in args):
        return NOT_CONST
    if name in {"min", "max"} and not args:
        return NOT_CONST
    if name == "str" and args and not isinstance(args[0], _SCALAR):
        return NOT_CONST
    return _guarded(lambda: fn(*args))


def literal(node: Node) -> Any:
    """The value of a literal token (string without interpolation, number, True/False/None)."""
    kind = node.type
    if kind in {"true", "false", "none"}:
        return {"true": True, "false": False, "none": None}[kind]
    if kind in {"integer", "float"}:
        return _guarded(lambda: ast.literal_eval((node.text or b"").decode("utf-8", "replace")))
    if kind == "string":
        if any(child.type == "interpolation" for child in node.children):
            return NOT_CONST
        text = (node.text or b"").decode("utf-8", "replace")
        start = node.children[0].text if node.children else b""
        if start is not None and b"f" in start.lower():
            # an f-string without fields: drop the f prefix, keep the others (r, b)
            prefix = start.decode("ascii", "replace")
            text = prefix.replace("f", "").replace("F", "") + text[len(prefix) :]
        return _guarded(lambda: ast.literal_eval(text))
    if kind == "concatenated_string":
        value: Any = NOT_CONST
        for child in node.named_children:
            part = literal(child)
            if part is NOT_CONST:
                return NOT_CONST
            value = part if value is NOT_CONST else binary("+", value, part)
        return value
    return NOT_CONST


Lookup = Callable[[str], Any]


def fold(node: Node, lookup: Lookup | None = None) -> Any:
    """Fold an expression; ``lookup(name)`` gives a variable's constant value (or NOT_CONST)."""
    kind = node.type
    if kind in {"true", "false", "none", "integer", "float", "string", "concatenated_string"}:
        value = literal(node)
        if value is not NOT_CONST or kind != "string":
            return value
        return _fold_fstring(node, lookup)
    if kind == "parenthesized_expression" and node.named_child_count == 1:
        return fold(node.named_children[0], lookup)
    if kind == "identifier":
        return lookup((node.text or b"").decode()) if lookup is not None else NOT_CONST
    if kind == "not_operator":
        arg = node.child_by_field_name("argument")
        return unary("not", fold(arg, lookup)) if arg is not None else NOT_CONST
    if kind == "unary_operator":
        arg = node.child_by_field_name("argument")
        op = node.child_by_field_name("operator")
        if arg is None or op is None:
            return NOT_CONST
        return unary((op.text or b"").decode(), fold(arg, lookup))
    if kind == "binary_operator":
        left, right, op = (node.child_by_field_name(f) for f in ("left", "right", "operator"))
        if left is None or right is None or op is None:
            return NOT_CONST
        if right.type in {"list", "list_comprehension"} and (op.text or b"") == b"%":
            return NOT_CONST  # lists fold to tuples, and "%s" % [1] is not "%s" % (1,)
        return binary((op.text or b"").decode(), fold(left, lookup), fold(right, lookup))
    if kind == "boolean_operator":
        left, right, op = (node.child_by_field_name(f) for f in ("left", "right", "operator"))
        if left is None or right is None or op is None:
            return NOT_CONST
        lv = fold(left, lookup)
        t = truthy(lv)
        name = (op.text or b"").decode()
        if t is None:
            return NOT_CONST
        if (name == "and" and not t) or (name == "or" and t):
            return lv
        return fold(right, lookup)
    if kind == "comparison_operator":
        ops = comparison_operators(node)
        operands = [fold(c, lookup) for c in comparison_operands(node)]
        return compare(operands, ops)
    if kind == "conditional_expression":
        parts = node.named_children
        if len(parts) != 3:
            return NOT_CONST
        t = truthy(fold(parts[1], lookup))
        if t is None:
            return NOT_CONST
        return fold(parts[0] if t else parts[2], lookup)
    if kind in {"tuple", "list"}:
        items = [fold(c, lookup) for c in node.named_children]
        if any(i is NOT_CONST for i in items):
            return NOT_CONST
        return _bounded(tuple(items))
    if kind == "call":
        fn, arglist = node.child_by_field_name("function"), node.child_by_field_name("arguments")
        if fn is None or arglist is None or arglist.type != "argument_list":
            return NOT_CONST
        if any(
            a.type in {"keyword_argument", "list_splat", "dictionary_splat"} for a in arglist.named_children
        ):
            return NOT_CONST
        args = [fold(a, lookup) for a in arglist.named_children]
        if fn.type == "identifier":
            return builtin((fn.text or b"").decode(), args)
        if fn.type == "attribute":
            obj, attr = fn.child_by_field_name("object"), fn.child_by_field_name("attribute")
            if obj is None or attr is None:
                return NOT_CONST
            return method(fold(obj, lookup), (attr.text or b"").decode(), args)
        return NOT_CONST
    if kind == "set":
        items = [fold(c, lookup) for c in node.named_children]
        if any(i is NOT_CONST for i in items):
            return NOT_CONST
        return _guarded(lambda: frozenset(items))
    return NOT_CONST


def comparison_operators(node: Node) -> list[str]:
    """The operators of a comparison_operator node, as text (``not in``, ``is not`` included)."""
    ops: list[str] = []
    for i in range(node.child_count):
        if node.field_name_for_child(i) == "operators":
            child = node.children[i]
            ops.append(" ".join((child.text or b"").decode().split()))
    return ops


def comparison_operands(node: Node) -> list[Node]:
    return [node.children[i] for i in range(node.child_count) if node.field_name_for_child(i) != "operators"]


def _fold_fstring(node: Node, lookup: Lookup | None) -> Any:
    """An f-string whose fields are constants with no conversion or format spec."""
    parts: list[str] = []
    start = node.children[0].text or b"" if node.children else b""
    if b"b" in start.lower():
        return NOT_CONST
    raw = b"r" in start.lower()
    for child in node.children:
        if child.type == "string_content":
            text = (child.text or b"").decode("utf-8", "replace")
            if not raw:
                source = '"""' + text.replace('"', '\\"') + '"""'
                value = _guarded(lambda source=source: ast.literal_eval(source))  # type: ignore[misc]
                if not isinstance(value, str):
                    return NOT_CONST
                text = value
            parts.append(text.replace("{{", "{").replace("}}", "}"))
        elif child.type == "interpolation":
            expr = child.child_by_field_name("expression")
            if expr is None:
                return NOT_CONST
            if child.child_by_field_name("type_conversion") or child.child_by_field_name("format_specifier"):
                return NOT_CONST
            value = fold(expr, lookup)
            if value is NOT_CONST or not isinstance(value, _SCALAR):
                return NOT_CONST
            parts.append(str(value))
    return _bounded("".join(parts))
