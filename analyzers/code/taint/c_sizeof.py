"""CWE-467, ``sizeof`` of a pointer used as the size of the memory it points to: cppcheck's
``pointerSize`` / ``sizeofwithsilentarraypointer``, gcc's ``-Wsizeof-pointer-memaccess``,
``-Wsizeof-pointer-div`` and ``-Wsizeof-array-argument``.

- confirmed (TRUE_POSITIVE) when the operand of ``sizeof`` is declared as a pointer (a parameter
  declared as an array is one) and the call on the line reads, writes or allocates the memory it
  points to (the operand is the call's pointer argument, or the pointer its result is assigned
  to), or ``sizeof(p) / sizeof(p[0])`` counts elements of a pointer;
- refuted (FALSE_POSITIVE) when the operand is an array declared in scope (``sizeof`` gives the
  array's size), or when the call works on the pointer itself (``&p``);
- anything else (a typedef'd type, an operand not found, a call the analyst does not know) asks for
  review.
"""

from __future__ import annotations

import re

from tree_sitter import Node

from .c_context import Ctx
from .c_scope import Declared, visible_declaration
from .c_spec import ALLOCATORS, COPY_FUNCS, MEMORY_FUNCS
from .c_tree import call_args, line_of, on_lines, strip_expr, text, walk
from .outcome import Outcome

_QUOTED = re.compile(r"[‘'`\"]([A-Za-z_]\w*)[’'`\"]")


def judge_pointer_size(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
    sizeofs = [s for s in on_lines(root, lo, hi, {"sizeof_expression"}) if _operand_name(s)]
    names = set(_QUOTED.findall(ctx.finding.message))
    named = [s for s in sizeofs if _operand_name(s) in names]
    if named:
        sizeofs = named
    if not sizeofs:
        return _open(f"No `sizeof` of a named object was found at line {lo}.")
    outcomes = [_one(ctx, root, s) for s in sizeofs]
    for verdict in ("TRUE_POSITIVE", "NEEDS_REVIEW"):
        for o in outcomes:
            if o.verdict == verdict:
                return o
    return outcomes[0]


def pointer_sizeof_length(ctx: Ctx, call: Node, n: Node) -> str | None:
    """Why the length ``n`` of ``call`` is the size of a pointer to the memory the call works on
    (None when it is not): ``strncpy(p, s, sizeof(p))`` with ``char *p``."""
    for s in walk(n):
        if s.type != "sizeof_expression":
            continue
        name = _operand_name(s)
        decl = visible_declaration(name, s, ctx.parsed.tree.root_node) if name else None
        if decl is None or decl.shape != "pointer" or _target(call, name) != "pointee":
            continue
        return (
            f"the length `{text(n)}` is the size of the pointer `{name}` ({_declared(decl)}), not of the "
            f"memory it points to (CWE-467)"
        )
    return None


def _one(ctx: Ctx, root: Node, s: Node) -> Outcome:
    name = _operand_name(s)
    decl = visible_declaration(name, s, root)
    if decl is None:
        return _open(f"`{name}` is not declared in this file: its type is not known here.")
    if decl.shape == "array":
        why = (
            f"`{name}` is an array ({_declared(decl)}): `{text(s)}` is the size of the whole array, "
            "not of a pointer"
        )
        return Outcome(
            "FALSE_POSITIVE",
            0.85,
            "sizeof of an array",
            why[0].upper() + why[1:] + ".",
            [
                ctx.note(s, f"`{text(s)}` measures an array", "sink"),
                ctx.note(decl.declaration, why, "constant"),
            ],
        )
    if decl.shape != "pointer":
        return _open(f"`{name}` is declared as `{_declared(decl)}`, which the analyst cannot classify.")
    call = _call_of(s)
    if call is not None:
        target = _target(call, name)
        fn = ctx.callee(call)
        if target == "pointee":
            return _confirmed(
                ctx,
                s,
                decl,
                f"{fn}() works on the memory `{name}` points to, but `{text(s)}` is the size of the "
                f"pointer ({_declared(decl)}), not of that memory",
            )
        if target == "itself":
            why = f"{fn}() reads or writes the pointer `{name}` itself (`&{name}`), whose size `{text(s)}` is"
            return Outcome(
                "FALSE_POSITIVE",
                0.8,
                "sizeof of the pointer copied",
                why[0].upper() + why[1:] + ".",
                [ctx.note(s, why, "sink"), ctx.note(call, why, "safe_variant")],
            )
    divided = _element_count(s, name)
    if divided is not None:
        return _confirmed(
            ctx,
            s,
            decl,
            f"`{text(divided)}` divides the size of the pointer `{name}` ({_declared(decl)}), not of an "
            "array, so it does not count the elements it points to",
        )
    assigned = _allocated_to(s)
    if assigned == name:
        return _confirmed(
            ctx,
            s,
            decl,
            f"the block assigned to `{name}` is given the size of the pointer ({_declared(decl)}), not of "
            "what it is meant to point to",
        )
    return _open(
        f"`{name}` is a pointer ({_declared(decl)}), but the analyst does not see what `{text(s)}` is the "
        "size of here."
    )


def _operand_name(s: Node) -> str:
    value = s.child_by_field_name("value")
    if value is None:
        return ""
    v = strip_expr(value)
    return text(v) if v.type == "identifier" else ""


def _declared(decl: Declared) -> str:
    return " ".join(f"{decl.type_text} {text(decl.declarator).split('=')[0].strip()}".split())


def _call_of(s: Node) -> Node | None:
    cur = s.parent
    while cur is not None and cur.type not in {"call_expression", "expression_statement", "declaration"}:
        cur = cur.parent
    return cur if cur is not None and cur.type == "call_expression" else None


def _target(call: Node, name: str) -> str | None:
    """``pointee``: a pointer argument of the call is ``name`` (or points into it); ``itself``: the
    call is handed ``&name``; None otherwise."""
    fn = call.child_by_field_name("function")
    callee = text(fn) if fn is not None else ""
    if callee not in COPY_FUNCS and callee not in MEMORY_FUNCS:
        return None
    found: str | None = None
    for a in call_args(call):
        if any(x.type == "sizeof_expression" for x in walk(a)):
            continue
        e = strip_expr(a)
        if e.type == "pointer_expression" and text(e.child_by_field_name("operator")) == "&":
            arg = e.child_by_field_name("argument")
            if arg is not None and text(strip_expr(arg)) == name:
                return "itself"
        if (e.type == "identifier" and text(e) == name) or (
            e.type == "binary_expression" and text(strip_expr(e.child_by_field_name("left") or e)) == name
        ):
            found = "pointee"
    return found


def _element_count(s: Node, name: str) -> Node | None:
    """``sizeof(p) / sizeof(p[0])`` or ``sizeof(p) / sizeof(*p)``: the division."""
    p = s.parent
    while p is not None and p.type == "parenthesized_expression":
        p = p.parent
    if p is None or p.type != "binary_expression" or text(p.child_by_field_name("operator")) != "/":
        return None
    right = p.child_by_field_name("right")
    if right is None or not any(r.type == "sizeof_expression" for r in walk(right)):
        return None
    words = text(right).replace(" ", "")
    return p if f"{name}[" in words or f"*{name}" in words else None


def _allocated_to(s: Node) -> str | None:
    """``p = malloc(sizeof(p))``: the variable an allocation sized by ``s`` is assigned to."""
    call = s.parent
    while call is not None and call.type != "call_expression":
        call = call.parent
    if call is None:
        return None
    fn = call.child_by_field_name("function")
    if text(fn) not in ALLOCATORS:
        return None
    holder = call.parent
    while holder is not None and holder.type in {"cast_expression", "parenthesized_expression"}:
        holder = holder.parent
    if holder is None:
        return None
    if holder.type == "assignment_expression":
        return text(strip_expr(holder.child_by_field_name("left") or holder))
    if holder.type == "init_declarator":
        d = holder.child_by_field_name("declarator")
        while d is not None and d.type == "pointer_declarator":
            d = d.child_by_field_name("declarator")
        return text(d)
    return None


def _confirmed(ctx: Ctx, s: Node, decl: Declared, why: str) -> Outcome:
    return Outcome(
        "TRUE_POSITIVE",
        0.85,
        "sizeof of a pointer",
        f"At line {line_of(s)}: {why}.",
        [ctx.note(s, why, "sink"), ctx.note(decl.declaration, f"declared as `{_declared(decl)}`", "source")],
    )


def _open(why: str) -> Outcome:
    return Outcome("NEEDS_REVIEW", 0.3, "sizeof claim not decided", why, [])
