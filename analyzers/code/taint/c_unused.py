"""Code-quality claims of compilers and linters that the code itself confirms or refutes (not
weaknesses): gcc's ``-Wunused-parameter`` / ``-Wunused-variable`` / ``-Wunused-label`` and
cppcheck's ``unusedVariable`` / ``unusedLabel``.

- the name is mentioned nowhere in its function but where it is declared (for a label: no
  ``goto`` names it): the claim is true, TRUE_POSITIVE, said to be a code-quality finding;
- it is mentioned somewhere (perhaps only in a preprocessor branch that is not compiled, or in a
  macro argument that expands to nothing): NEEDS_REVIEW, never FALSE_POSITIVE.
"""

from __future__ import annotations

import re

from tree_sitter import Node

from .c_context import Ctx
from .c_tree import declared_name, func_name, line_of, param_names, text, walk
from .outcome import Outcome

_QUOTED = re.compile(r"[‘'`\"]([A-Za-z_]\w*)[’'`\"]")


def judge_unused(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
    what = _kind(ctx)
    names = _QUOTED.findall(ctx.finding.message)
    if what is None or not names:
        return _open("The unused-code claim names nothing the analyst can look up.")
    name = names[-1]
    func = _function_at(root, lo, hi, name if what == "parameter" else None)
    if func is None:
        return _open(f"No function around line {lo} declares `{name}`.")
    body = func.child_by_field_name("body")
    if body is None:
        return _open(f"{func_name(func)}() has no body here.")
    if what == "label":
        gotos = [
            n
            for n in walk(body)
            if n.type == "goto_statement" and text(n.child_by_field_name("label")) == name
        ]
        labels = [
            n
            for n in walk(body)
            if n.type == "labeled_statement" and text(n.child_by_field_name("label")) == name
        ]
        if labels and not gotos:
            return _confirmed(
                ctx, labels[0], f"no `goto {name}` in {func_name(func)}() reaches the label `{name}`"
            )
        return _open(f"The label `{name}` is named by a goto, or not found, in {func_name(func)}().")
    if what == "parameter" and name not in param_names(func):
        return _open(f"{func_name(func)}() has no parameter `{name}`.")
    uses = [n for n in walk(body) if n.type == "identifier" and text(n) == name and not _declares(n, name)]
    if what == "variable" and not any(_declares(n, name) for n in walk(body) if n.type == "identifier"):
        return _open(f"`{name}` is not declared in {func_name(func)}().")
    mentions = [n for n in walk(body) if n.type in {"preproc_arg", "preproc_params"} and name in text(n)]
    if uses or mentions:
        where = uses[0] if uses else mentions[0]
        return _open(
            f"`{name}` is mentioned at line {line_of(where)} of {func_name(func)}() (perhaps only in code "
            "the compiler skipped, or in a macro that discards it): whether it is used depends on the build."
        )
    return _confirmed(
        ctx,
        func,
        f"the {what} `{name}` is never mentioned in the body of {func_name(func)}() but where it is declared",
    )


def _kind(ctx: Ctx) -> str | None:
    words = " ".join(
        x for x in (ctx.finding.rule_id, ctx.finding.rule_name or "", ctx.finding.message) if x
    ).lower()
    for key, kind in (("parameter", "parameter"), ("label", "label"), ("variable", "variable")):
        if key in words:
            return kind
    return None


def _declares(ident: Node, name: str) -> bool:
    """``ident`` is the name being declared (``int x``, ``int x = 1``, ``char *x``), not a use."""
    p = ident.parent
    while p is not None and p.type in {"pointer_declarator", "array_declarator", "init_declarator"}:
        if p.type == "init_declarator":
            return (
                declared_name(p.child_by_field_name("declarator")) == name
                and p.child_by_field_name("declarator") is not None
                and ident.start_byte < (p.child_by_field_name("value") or p).start_byte
            )
        p = p.parent
    return p is not None and p.type in {"declaration", "parameter_declaration"}


def _function_at(root: Node, lo: int, hi: int, param: str | None) -> Node | None:
    """The function the finding's lines fall in (or, for a parameter, the one whose declarator
    holds the line and declares it)."""
    best: Node | None = None
    for n in walk(root):
        if n.type != "function_definition":
            continue
        first, last = n.start_point[0] + 1, n.end_point[0] + 1
        fits = first <= hi and lo <= last and (param is None or param in param_names(n))
        if fits and (best is None or n.start_byte > best.start_byte):
            best = n
    return best


def _confirmed(ctx: Ctx, node: Node, why: str) -> Outcome:
    return Outcome(
        "TRUE_POSITIVE",
        0.9,
        "code-quality claim confirmed",
        f"The warning is accurate: {why}. (A code-quality finding, not a security weakness.)",
        [ctx.note(node, why, "sink")],
    )


def _open(why: str) -> Outcome:
    return Outcome("NEEDS_REVIEW", 0.3, "unused-code claim not decided", why, [])
