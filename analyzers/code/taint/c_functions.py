"""Claims about whole functions (code quality, not weaknesses): cppcheck's ``unusedFunction``
("never used"), ``staticFunction`` ("should have static linkage") and ``missingReturn`` ("an exit
path with no return statement").

- never used: confirmed for a ``static`` function no code mentions but its definition, its
  prototypes and its own body; refuted by a call or a use of its address outside its body (in a
  build-independent place); a function with external linkage may be called from code that was not
  scanned (a program linking the library, an interpreter loading a module): open;
- static linkage: confirmed when no other file of the workspace mentions the function and no
  header declares it; refuted when another file calls it;
- missing return: refuted when the statement on the line is a macro that expands to a return
  (CPython's ``Py_RETURN_NONE``; a workspace macro whose text returns) or a call that never
  returns; confirmed when it is the function's last statement and can complete.
"""

from __future__ import annotations

import re

from tree_sitter import Node

from .c_conditions import terminates
from .c_context import Ctx
from .c_mentions import Mention, function_macro, mentions
from .c_spec import C_TERMINATORS, NO_RETURN, RETURN_MACROS
from .c_tree import callee_of, func_name, inside, line_of, on_lines, text, walk
from .outcome import Outcome
from .values import Note

_QUOTED = re.compile(r"[‘'`\"]([A-Za-z_]\w*)[’'`\"]")
_HEADERS = (".h", ".hh", ".hpp", ".hxx", ".inc")


def judge_unused_function(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
    found = _named_function(ctx, root, lo, hi)
    if isinstance(found, Outcome):
        return found
    name, fdef = found
    uses = [m for m in mentions(ctx, name) if _a_use(ctx, m, fdef)]
    solid = [m for m in uses if not m.conditional and m.kind in {"call", "value"}]
    if solid:
        m = solid[0]
        how = "called" if m.kind == "call" else "referenced (its address is used)"
        where = f"{m.path}:{m.line}" + (f", in {m.function}()" if m.function else "")
        why = f"{name}() is {how} at {where}"
        return Outcome(
            "FALSE_POSITIVE",
            0.8,
            "function is used",
            f"The function is used: {why}.",
            [ctx.note(fdef, f"{name}() is defined here", "sink"), _note(ctx, m, why)],
        )
    if uses:
        m = uses[0]
        return _open(
            f"`{name}` is mentioned at {m.path}:{m.line} in a macro or a preprocessor branch: whether "
            "it is used depends on the build."
        )
    if not _static(fdef):
        return _open(
            f"{name}() has external linkage: code that was not scanned (a program linking this code, an "
            "interpreter loading the module by the function's name) may call it."
        )
    return _confirmed(
        ctx,
        fdef,
        f"{name}() is static and nothing in {ctx.path} mentions it but its definition"
        + (
            " and its own body"
            if any(_inside_body(m, fdef) for m in mentions(ctx, name, other_files=False))
            else ""
        ),
    )


def judge_static_function(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
    found = _named_function(ctx, root, lo, hi)
    if isinstance(found, Outcome):
        return found
    name, fdef = found
    if _static(fdef):
        return Outcome(
            "FALSE_POSITIVE",
            0.8,
            "already static",
            f"{name}() is already declared static.",
            [ctx.note(fdef, f"{name}() is declared static", "constant")],
        )
    elsewhere = [m for m in mentions(ctx, name) if m.path != ctx.path]
    calls = [m for m in elsewhere if m.kind in {"call", "value"} and not m.conditional]
    if calls:
        m = calls[0]
        why = f"{name}() is used in another file, at {m.path}:{m.line}"
        return Outcome(
            "FALSE_POSITIVE",
            0.8,
            "used by another file",
            f"The function needs external linkage: {why}.",
            [ctx.note(fdef, f"{name}() is defined here", "sink"), _note(ctx, m, why)],
        )
    if elsewhere:
        m = elsewhere[0]
        return _open(
            f"`{name}` is also mentioned at {m.path}:{m.line} (a prototype, a macro or a build branch)."
        )
    return _confirmed(
        ctx, fdef, f"no other file of the workspace mentions {name}(), and no header declares it"
    )


def judge_missing_return(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
    stmts = [s for s in on_lines(root, lo, hi, {"expression_statement", "declaration"}) if line_of(s) == lo]
    funcs = [
        n for n in walk(root) if n.type == "function_definition" and line_of(n) <= lo <= n.end_point[0] + 1
    ]
    if not funcs:
        return _open(f"No function holds line {lo}.")
    func = max(funcs, key=lambda f: f.start_byte)
    fname = func_name(func)
    for s in stmts:
        word = _leading_word(s)
        if word in RETURN_MACROS:
            why = f"`{word}` (a CPython macro, its header not in the workspace) expands to a return statement"
            return _refuted(ctx, s, why)
        value = (ctx.macro(word) or function_macro(ctx, word)) if word else None
        if value is not None and re.search(r"(?<![\w$])return(?![\w$])", value):
            why = f"`{word}` is a macro whose text returns (`#define {word} {value[:60]}`)"
            return _refuted(ctx, s, why)
        call = s.named_children[0] if s.type == "expression_statement" and s.named_children else None
        if call is not None and call.type == "call_expression":
            callee = ctx.callee(call)
            if callee in C_TERMINATORS or callee in NO_RETURN:
                return _refuted(ctx, s, f"{callee}() never returns")
    body = func.child_by_field_name("body")
    last = [c for c in body.named_children if c.type != "comment"][-1:] if body is not None else []
    if (
        last
        and body is not None
        and inside(last[0], body)
        and line_of(last[0]) <= lo <= last[0].end_point[0] + 1
        and not terminates(last[0])
        and last[0].type in {"expression_statement", "if_statement"}
    ):
        return _confirmed(
            ctx,
            last[0],
            f"the last statement of {fname}() (line {line_of(last[0])}) can complete, and the function "
            "then ends without returning a value: a caller that uses the result reads an undefined value",
        )
    return _open(f"Whether a path of {fname}() reaches its end without a return is not decided here.")


def _named_function(ctx: Ctx, root: Node, lo: int, hi: int) -> tuple[str, Node] | Outcome:
    names = _QUOTED.findall(ctx.finding.message)
    if not names:
        return _open("The claim names no function.")
    name = names[0]
    for n in walk(root):
        if n.type == "function_definition" and func_name(n) == name:
            decl = n.child_by_field_name("declarator")
            if decl is not None and line_of(n) <= hi and lo <= decl.end_point[0] + 1:
                return name, n
    return _open(f"No definition of {name}() starts at line {lo}.")


def _a_use(ctx: Ctx, m: Mention, fdef: Node) -> bool:
    """A mention that is not the definition, a prototype, or inside the function's own body."""
    if m.kind in {"definition", "declaration"}:
        return False
    return not _inside_body(m, fdef) or m.path != ctx.path


def _inside_body(m: Mention, fdef: Node) -> bool:
    body = fdef.child_by_field_name("body")
    return body is not None and inside(m.node, body)


def _static(fdef: Node) -> bool:
    return any(c.type == "storage_class_specifier" and text(c) == "static" for c in fdef.children)


def _leading_word(stmt: Node) -> str:
    """The macro or function a statement starts with (``Py_RETURN_NONE;``, ``FAIL(x);``)."""
    if stmt.type == "expression_statement" and stmt.named_children:
        e = stmt.named_children[0]
        if e.type == "identifier":
            return text(e)
        if e.type == "call_expression":
            return callee_of(e)
    if stmt.type == "declaration":
        t = stmt.child_by_field_name("type")
        return text(t) if t is not None and not stmt.child_by_field_name("declarator") else ""
    return ""


def _note(ctx: Ctx, m: Mention, why: str) -> Note:
    return Note(m.path, m.line, m.node.end_point[0] + 1, why, "guard")


def _refuted(ctx: Ctx, stmt: Node, why: str) -> Outcome:
    return Outcome(
        "FALSE_POSITIVE",
        0.8,
        "no path without a return",
        f"Line {line_of(stmt)} does not fall off the function's end: {why}.",
        [ctx.note(stmt, why, "safe_variant")],
    )


def _confirmed(ctx: Ctx, node: Node, why: str) -> Outcome:
    return Outcome(
        "TRUE_POSITIVE",
        0.85,
        "code-quality claim confirmed",
        f"The warning is accurate: {why}. (A code-quality finding, not a security weakness.)",
        [ctx.note(node, why, "sink")],
    )


def _open(why: str) -> Outcome:
    return Outcome("NEEDS_REVIEW", 0.3, "function claim not decided", why, [])
