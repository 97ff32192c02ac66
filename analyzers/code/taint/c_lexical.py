"""flawfinder matches function names as words, without parsing: a finding whose named function is
not called on its lines may be about a variable that only shares the name (``PyObject *read;``,
``read = getattr(...)``), or about a macro that renames the function (``#define snprintf
sprintf_s``, whose calls flawfinder reports, and the analyst judges, where they are made).
Those two are decided here, each only on positive evidence; anything else is judged as usual."""

from __future__ import annotations

import re

from tree_sitter import Node

from .c_context import Ctx
from .c_tree import declared_name, enclosing_function, line_of, on_lines, text, walk
from .outcome import Outcome

_NAME = re.compile(r"^[a-z0-9_]+/([A-Za-z_]\w*)$")
# flawfinder's message starts with the rule's own "category/name:" (one SARIF rule id covers several
# names: FF1013 is "buffer/char", "buffer/wchar_t", "buffer/TCHAR"; the run's rule entry holds one)
_MESSAGE_NAME = re.compile(r"^[a-z0-9_]+/([A-Za-z_]\w*):")


def flawfinder_name_not_called(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome | None:
    """FALSE_POSITIVE when the function flawfinder names is not called on the finding's lines and
    the name there is a variable declared as one, or the macro being defined as another function's
    name; None otherwise (judge the finding as usual)."""
    if ctx.finding.tool.lower() != "flawfinder":
        return None
    m = _MESSAGE_NAME.match(ctx.finding.message) or _NAME.match(ctx.finding.rule_name or "")
    if m is None:
        return None
    name = m.group(1)
    if any(
        ctx.callee(c) == name or _callee_text(c) == name for c in on_lines(root, lo, hi, {"call_expression"})
    ):
        return None
    for d in on_lines(root, lo, hi, {"preproc_def"}):
        value = d.child_by_field_name("value")
        if (
            text(d.child_by_field_name("name")) == name
            and value is not None
            and text(value).strip().isidentifier()
        ):
            why = (
                f"line {line_of(d)} defines `{name}` as another name (`{text(value).strip()}`): no call runs "
                f"here, and each call of `{name}` is reported, and judged, where it is made"
            )
            return _fp(ctx, d, why)
    idents = [n for n in on_lines(root, lo, hi, {"identifier"}) if text(n) == name and not _in_preproc(n)]
    if not idents:
        return None
    decl = _variable_declaration(root, idents[0], name)
    if decl is None:
        return None
    why = (
        f"`{name}` on line {line_of(idents[0])} is a variable declared at line {line_of(decl)} "
        f"(`{text(decl).strip()[:60]}`), not a call of the library function {name}()"
    )
    return _fp(ctx, decl, why)


def _callee_text(call: Node) -> str:
    fn = call.child_by_field_name("function")
    return text(fn).split("->")[-1].split(".")[-1] if fn is not None else ""


def _in_preproc(n: Node) -> bool:
    cur = n.parent
    while cur is not None:
        if cur.type in {"preproc_def", "preproc_function_def"}:
            return True
        cur = cur.parent
    return False


def _variable_declaration(root: Node, at: Node, name: str) -> Node | None:
    """The declaration of a variable (not a function) ``name`` that is visible at ``at``: in the
    enclosing function (its parameters or locals declared before ``at``) or at file scope."""
    func = enclosing_function(at)
    scopes = [s for s in (func, root) if s is not None]
    for scope in scopes:
        for n in walk(scope):
            if n.type not in {"declaration", "parameter_declaration"}:
                continue
            if scope is root and enclosing_function(n) is not None:
                continue  # another function's local
            if scope is func and n.start_byte > at.start_byte and n.type == "declaration":
                continue  # declared after the use
            for d in n.children_by_field_name("declarator"):  # not the type: `wchar_t buf[N]`
                if d.type in {"function_declarator"} or _is_function(d):
                    continue
                if declared_name(d) == name or (d.type == "identifier" and text(d) == name):
                    return n
    return None


def _is_function(d: Node) -> bool:
    cur: Node | None = d
    while cur is not None and cur.type in {
        "pointer_declarator",
        "init_declarator",
        "parenthesized_declarator",
    }:
        if cur.type == "parenthesized_declarator":
            return False  # (*fp)(...): a pointer variable
        cur = cur.child_by_field_name("declarator")
    return cur is not None and cur.type == "function_declarator"


def _fp(ctx: Ctx, node: Node, why: str) -> Outcome:
    return Outcome(
        "FALSE_POSITIVE",
        0.85,
        "not a call of the function",
        f"flawfinder matched the word only: {why}.",
        [ctx.note(node, why, "guard")],
    )
