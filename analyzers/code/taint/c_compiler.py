"""gcc warnings that state facts about types (code quality, not weaknesses):
``-Wmissing-field-initializers``, ``-Wcast-function-type``, ``-Wsign-compare``.

- missing initializer: confirmed when the brace initializer on the line names no ``.field``
  (designated) or has fewer positional elements than the field's place in the struct (its
  definition in the workspace, or CPython's few structs of LIBRARY_STRUCT_FIELDS); otherwise open;
- incompatible function cast: confirmed when the function cast on the line is defined in the
  workspace with the number of parameters gcc's "from" type has, and the "to" type has another
  number;
- different signedness: confirmed when the comparison on the line has a signed and an unsigned
  operand by their declarations; the justification says whether the signed one can be negative
  (then the comparison converts it to a huge unsigned value: CWE-195).
"""

from __future__ import annotations

import re

from tree_sitter import Node

from .c_context import Ctx
from .c_paths import cannot_be_negative
from .c_spec import LIBRARY_STRUCT_FIELDS
from .c_tree import enclosing_function, func_name, line_of, on_lines, param_names, strip_expr, text, walk
from .c_values import UNSIGNED, declared_type
from .outcome import Outcome

_FIELD = re.compile(r"field [‘'`\"](\w+)[’'`\"] of [‘'`\"](?:struct )?(\w+)[’'`\"]")
_CAST = re.compile(r"from [‘'`\"](.+?)[’'`\"](?: \{aka [^}]*\})? to [‘'`\"](.+?)[’'`\"]")
_COMPARISONS = frozenset({"<", "<=", ">", ">=", "==", "!="})
_SIGNED = re.compile(
    r"^(signed |)(char|short|int|long|long long|ssize_t|ptrdiff_t|off_t|int\d+_t|Py_ssize_t)$"
)


def judge_missing_field(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
    m = _FIELD.search(ctx.finding.message)
    if m is None:
        return _open("The claim names no field and struct.")
    field, struct = m.group(1), m.group(2)
    lists = [n for n in walk(root) if n.type == "initializer_list" and n.end_point[0] + 1 == lo]
    if not lists:
        return _open(f"No brace initializer ends at line {lo}.")
    init = min(lists, key=lambda n: n.end_byte - n.start_byte)
    items = [c for c in init.named_children if c.type != "comment"]
    designated = [c for c in items if c.type == "initializer_pair"]
    if designated:
        named = {text(d).lstrip(".") for c in designated for d in c.children_by_field_name("designator")}
        if field in named:
            return _open(f"The initializer names `.{field}`.")
        return _confirmed(
            ctx, init, f"the designated initializer at line {line_of(init)} names no `.{field}` (it is zero)"
        )
    fields = _fields(ctx, root, struct)
    if fields is None or field not in fields:
        return _open(f"The fields of `{struct}` are not known here (its header is not in the workspace).")
    where = fields.index(field)
    if len(items) <= where:
        return _confirmed(
            ctx,
            init,
            f"the initializer at line {line_of(init)} gives {len(items)} of the {len(fields)} fields of "
            f"`{struct}` in order; `{field}` is field {where + 1}, so it is left to zero",
        )
    return _open(
        f"The initializer gives {len(items)} values, enough to reach `{field}` as the analyst counts."
    )


def judge_cast_function_type(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
    m = _CAST.search(ctx.finding.message)
    if m is None:
        return _open("The claim names no types.")
    have, want = _arity(m.group(1)), _arity(m.group(2))
    if have is None or want is None:
        return _open("The function types in the claim are not understood.")
    for cast in on_lines(root, lo, hi, {"cast_expression"}):
        value = cast.child_by_field_name("value")
        name = text(strip_expr(value)) if value is not None else ""
        found = _function(ctx, root, name)
        if found is None:
            continue
        path, fdef = found
        params = [p for p in param_names(fdef) if p]
        if len(params) != have:
            return _open(f"{name}() takes {len(params)} parameters, not the {have} of the claim's type.")
        if have == want:
            return _open(
                "Both types take as many parameters: whether they are compatible is not decided here."
            )
        return _confirmed(
            ctx,
            cast,
            f"{name}() takes {have} parameters "
            f"(line {line_of(fdef)}{'' if path == ctx.path else ' of ' + path}), "
            "and it is cast to a function type "
            f"taking {want}: a call through that type would be undefined behaviour, unless the caller casts "
            "it back to its own type first (as CPython does for the METH_ flags it names)",
        )
    return _open(f"No cast of a workspace function was found at line {lo}.")


def judge_sign_compare(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
    for cmp in on_lines(root, lo, hi, {"binary_expression"}):
        if text(cmp.child_by_field_name("operator")) not in _COMPARISONS:
            continue
        left, right = cmp.child_by_field_name("left"), cmp.child_by_field_name("right")
        if left is None or right is None:
            continue
        func = enclosing_function(cmp)
        tl, tr = _type_of(ctx, left, func), _type_of(ctx, right, func)
        if tl is None or tr is None:
            continue
        signed = (
            left
            if _is_signed(tl) and UNSIGNED.search(tr)
            else right
            if _is_signed(tr) and UNSIGNED.search(tl)
            else None
        )
        if signed is None:
            continue
        other = right if signed is left else left
        s_type, o_type = (tl, tr) if signed is left else (tr, tl)
        if cannot_be_negative(ctx, signed, cmp, func):
            risk = f"`{text(signed)}` is never negative here, so the conversion keeps its value"
        else:
            risk = (
                f"if `{text(signed)}` is negative, it converts to a huge unsigned value and the comparison "
                "goes the other way (CWE-195)"
            )
        return _confirmed(
            ctx,
            cmp,
            f"`{text(cmp)}` compares `{text(signed)}` ({s_type}) with `{text(other)}` ({o_type}); {risk}",
        )
    return _open(f"No comparison of a signed and an unsigned operand was recognised at line {lo}.")


def _fields(ctx: Ctx, root: Node, struct: str) -> list[str] | None:
    """The fields of ``struct`` in order: its definition in this file or a workspace header, else
    the library table."""
    got = _fields_in(root, struct)
    if got is not None:
        return got
    word = re.compile(rb"(?<![\w$])" + re.escape(struct.encode()) + rb"(?![\w$])")
    for rel in _headers(ctx):
        raw = ctx.index.read(rel)
        if not isinstance(raw, tuple) or not word.search(raw[1]):
            continue
        parsed = ctx.index.file(rel)
        got = _fields_in(parsed.tree.root_node, struct) if parsed is not None else None
        if got is not None:
            return got
    return list(LIBRARY_STRUCT_FIELDS[struct]) if struct in LIBRARY_STRUCT_FIELDS else None


def _fields_in(root: Node, struct: str) -> list[str] | None:
    for n in walk(root):
        spec: Node | None = None
        if n.type == "struct_specifier" and text(n.child_by_field_name("name")) == struct:
            spec = n
        elif n.type == "type_definition" and any(
            text(d) == struct for d in n.children_by_field_name("declarator")
        ):
            t = n.child_by_field_name("type")
            spec = t if t is not None and t.type == "struct_specifier" else None
        body = spec.child_by_field_name("body") if spec is not None else None
        if body is not None:
            return [
                text(_innermost(d))
                for fd in body.named_children
                if fd.type == "field_declaration"
                for d in fd.children_by_field_name("declarator")
            ]
    return None


def _headers(ctx: Ctx) -> list[str]:
    try:
        return [f for f in ctx.index.files() if f.endswith((".h", ".hpp", ".hh"))][:500]
    except Exception:
        return []


def _innermost(d: Node) -> Node:
    cur = d
    while cur.child_by_field_name("declarator") is not None:
        nxt = cur.child_by_field_name("declarator")
        if nxt is None:
            break
        cur = nxt
    return cur


def _arity(t: str) -> int | None:
    """The number of parameters of a function pointer type written as gcc prints it."""
    depth, start = 0, None
    groups: list[str] = []
    for i, ch in enumerate(t):
        if ch == "(":
            if depth == 0:
                start = i
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0 and start is not None:
                groups.append(t[start + 1 : i])
    if not groups:
        return None
    params = groups[-1].strip()
    if params in {"", "void"}:
        return 0
    depth, count = 0, 1
    for ch in params:
        depth += ch == "("
        depth -= ch == ")"
        count += ch == "," and depth == 0
    return count


def _function(ctx: Ctx, root: Node, name: str) -> tuple[str, Node] | None:
    """Where the function ``name`` is defined: this file first, then the workspace's index."""
    if not name:
        return None
    for n in walk(root):
        if n.type == "function_definition" and func_name(n) == name:
            return ctx.path, n
    try:
        matches = ctx.index.definitions(name, from_path=ctx.path, limit=3)
    except Exception:
        return None
    for m in matches:
        if m.symbol.kind != "function":
            continue
        parsed = ctx.index.file(m.symbol.path)
        if parsed is None:
            continue
        for n in walk(parsed.tree.root_node):
            if n.type == "function_definition" and func_name(n) == name:
                return m.symbol.path, n
    return None


def _type_of(ctx: Ctx, e: Node, func: Node | None) -> str | None:
    x = e
    while x.type == "parenthesized_expression" and x.named_children:
        x = x.named_children[0]
    if x.type == "cast_expression":
        t = x.child_by_field_name("type")
        return " ".join(text(t).split()) if t is not None else None
    if x.type == "sizeof_expression":
        return "size_t"
    if x.type == "call_expression" and text(x.child_by_field_name("function")) in {
        "strlen",
        "wcslen",
        "strnlen",
    }:
        return "size_t"
    if x.type == "identifier":
        declared = declared_type(text(x), func, ctx.parsed.tree.root_node)
        return None if declared is None or "*" in declared else declared
    return None


def _is_signed(t: str) -> bool:
    return not UNSIGNED.search(t) and bool(_SIGNED.match(t.replace("const ", "").strip()))


def _confirmed(ctx: Ctx, node: Node, why: str) -> Outcome:
    return Outcome(
        "TRUE_POSITIVE",
        0.85,
        "code-quality claim confirmed",
        f"The warning is accurate: {why}. (A code-quality finding, not a security weakness.)",
        [ctx.note(node, why, "sink")],
    )


def _open(why: str) -> Outcome:
    return Outcome("NEEDS_REVIEW", 0.3, "compiler claim not decided", why, [])
