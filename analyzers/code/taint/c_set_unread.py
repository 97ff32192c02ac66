"""gcc's ``-Wunused-but-set-variable`` / ``-Wunused-but-set-parameter`` ("variable 'x' set but not
used"), a code-quality claim, checked against the function that declares the name.

Confirmed (TRUE_POSITIVE, said to be a code-quality finding) when every mention of the name in its
function is its declaration or the target of a plain assignment whose value nothing uses
(``x = f();`` as a statement). Anything else leaves it open (NEEDS_REVIEW), never FALSE_POSITIVE: a
read, a compound assignment or increment, its address taken, a second declaration of the name in
the function, a macro of the file that mentions it, code tree-sitter could not parse.
"""

from __future__ import annotations

import re

from tree_sitter import Node

from .c_context import Ctx
from .c_scope import parse_trouble
from .c_tree import declared_name, func_name, line_of, param_names, text, walk
from .outcome import Outcome

_QUOTED = re.compile(r"[‘'`\"]([A-Za-z_]\w*)[’'`\"]")
_DECLARATORS = frozenset(
    {"pointer_declarator", "array_declarator", "init_declarator", "parenthesized_declarator"}
)


def judge_set_unread(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
    names = _QUOTED.findall(ctx.finding.message)
    if not names:
        return _open("The claim names no variable.")
    name = names[0]
    func = _function_at(root, lo, hi)
    if func is None:
        return _open(f"No function around line {lo} declares `{name}`.")
    fname = func_name(func)
    trouble = parse_trouble(func)
    if trouble is not None:
        return _open(f"{fname}() holds code the parser could not read at line {line_of(trouble)} (a macro?).")
    word = re.compile(rf"(?<![\w$]){re.escape(name)}(?![\w$])")
    for n in walk(root):
        if n.type in {"preproc_def", "preproc_function_def"} and word.search(
            text(n.child_by_field_name("value"))
        ):
            return _open(f"The macro at line {line_of(n)} mentions `{name}`: its expansions may use it.")
    declared: list[Node] = []
    written: list[Node] = []
    for n in walk(func):
        if n.type in {"preproc_arg", "preproc_params"} and word.search(text(n)):
            return _open(f"`{name}` is mentioned in a preprocessor line at line {line_of(n)}.")
        if n.type != "identifier" or text(n) != name:
            continue
        if _declares(n, name):
            declared.append(n)
        elif _discarded_write(n):
            written.append(n)
        else:
            return _open(f"`{name}` is mentioned at line {line_of(n)} (`{_short(n)}`), not only assigned.")
    if len(declared) != 1:
        how = "is not declared" if not declared else "is declared more than once"
        return _open(f"`{name}` {how} in {fname}().")
    kind = "parameter" if name in param_names(func) else "variable"
    if written:
        lines = ", ".join(str(x) for x in sorted({line_of(w) for w in written}))
        why = f"the {kind} `{name}` of {fname}() is only ever assigned (line {lines}); nothing reads it"
    elif _initialised(declared[0]):
        why = f"the {kind} `{name}` of {fname}() is set only where it is declared; nothing reads it"
    else:
        why = f"the {kind} `{name}` of {fname}() is declared and never read"
    return Outcome(
        "TRUE_POSITIVE",
        0.9,
        "code-quality claim confirmed",
        f"The warning is accurate: {why}. (A code-quality finding, not a security weakness.)",
        [ctx.note(declared[0], why, "sink")],
    )


def _function_at(root: Node, lo: int, hi: int) -> Node | None:
    best: Node | None = None
    for n in walk(root):
        fits = n.type == "function_definition" and n.start_point[0] + 1 <= hi and lo <= n.end_point[0] + 1
        if fits and (best is None or n.start_byte > best.start_byte):
            best = n
    return best


def _declares(ident: Node, name: str) -> bool:
    """``ident`` is the name a declaration or a parameter declares (not a use in an initialiser
    or an array size)."""
    p = ident.parent
    child = ident
    while p is not None and p.type in _DECLARATORS:
        if p.type == "init_declarator" and child != p.child_by_field_name("declarator"):
            return False
        if p.type == "array_declarator" and child != p.child_by_field_name("declarator"):
            return False
        child, p = p, p.parent
    return (
        p is not None
        and p.type in {"declaration", "parameter_declaration"}
        and child in p.children_by_field_name("declarator")
        and declared_name(child) == name
    )


def _initialised(ident: Node) -> bool:
    p = ident.parent
    while p is not None and p.type in _DECLARATORS - {"init_declarator"}:
        p = p.parent
    return p is not None and p.type == "init_declarator"


def _discarded_write(ident: Node) -> bool:
    """``ident`` is the whole left side of ``ident = value`` and that assignment is a statement of
    its own (its value is not used)."""
    p = ident.parent
    while p is not None and p.type == "parenthesized_expression":
        ident, p = p, p.parent
    return (
        p is not None
        and p.type == "assignment_expression"
        and p.child_by_field_name("left") == ident
        and text(p.child_by_field_name("operator")) == "="
        and p.parent is not None
        and p.parent.type == "expression_statement"
    )


def _short(n: Node) -> str:
    s = n
    while s.parent is not None and s.parent.type not in {"expression_statement", "compound_statement"}:
        s = s.parent
    t = " ".join(text(s).split())
    return t if len(t) <= 60 else t[:57] + "..."


def _open(why: str) -> Outcome:
    return Outcome("NEEDS_REVIEW", 0.3, "unused-code claim not decided", why, [])
