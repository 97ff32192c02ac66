"""Code-quality claims of compilers and linters that the code itself confirms (not weaknesses):
gcc's ``-Wunused-parameter`` / ``-Wunused-variable`` / ``-Wunused-label`` (``-Wunused-function`` and
``-Wunused-but-set-*`` through the modules below), cppcheck's
``unusedVariable`` / ``unusedLabel`` / ``unusedStructMember``, ``const*`` ("can be declared as
pointer to const") and ``shadow*``.

- unused: the name is mentioned nowhere in its function but where it is declared (a label: no
  ``goto`` names it; a struct member: no ``.m`` / ``->m`` and no other mention in the files that
  can see the struct);
- pointer to const: nothing in the function writes through it, hands it to a call, copies it,
  returns it or takes its address (every mention only reads through it);
- shadowing: an enclosing block, the parameters or the file declare the same name before it.

Confirmed: TRUE_POSITIVE, said to be a code-quality finding. Otherwise NEEDS_REVIEW (a mention in a
preprocessor branch or a macro, a use the analyst cannot classify), never FALSE_POSITIVE.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tree_sitter import Node

from ...findings.model import Finding
from .c_branches import judge_duplicate_break, judge_fallthrough, judge_known_condition
from .c_compiler import judge_cast_function_type, judge_missing_field, judge_sign_compare
from .c_context import Ctx
from .c_functions import judge_missing_return, judge_static_function, judge_unused_function
from .c_includes import judge_missing_include
from .c_set_unread import judge_set_unread
from .c_tree import declared_name, enclosing_function, func_name, line_of, on_lines, param_names, text, walk
from .c_values import ELEM_SIZES, declared_type
from .c_variables import judge_shadow_function, judge_unread_variable, judge_variable_scope
from .families import gcc_option
from .outcome import Outcome

_QUOTED = re.compile(r"[‘'`\"]([A-Za-z_]\w*)[’'`\"]")
_BRACKET = re.compile(r"\[([^\]]+)\]")

Judge = Callable[[Ctx, Node, int, int], Outcome]
# The claims modelled by a rule of their own, by the scanner's rule (cppcheck id, gcc option).
_CLAIMS: dict[str, Judge] = {
    "unusedFunction": judge_unused_function,
    "staticFunction": judge_static_function,
    "missingReturn": judge_missing_return,
    "unreadVariable": judge_unread_variable,
    "variableScope": judge_variable_scope,
    "knownConditionTrueFalse": judge_known_condition,
    "duplicateBreak": judge_duplicate_break,
    "missingInclude": judge_missing_include,
    "missingIncludeSystem": judge_missing_include,
    "-Wimplicit-fallthrough": judge_fallthrough,
    "-Wmissing-field-initializers": judge_missing_field,
    "-Wcast-function-type": judge_cast_function_type,
    "-Wsign-compare": judge_sign_compare,
    "-Wunused-function": judge_unused_function,
    "-Wunused-but-set-variable": judge_set_unread,
    "-Wunused-but-set-parameter": judge_set_unread,
}


def claim_rule(finding: Finding) -> str:
    """The scanner's own rule: csgrep's key event keeps it in brackets (``style[variableScope]``,
    ``warning[-Wimplicit-fallthrough=]``), gcc's JSON and SARIF in the rule id, cppcheck's XML too."""
    m = _BRACKET.search(finding.rule_name or "")
    if m:
        return m.group(1).rstrip("=")
    option = gcc_option(finding)
    if option is not None:
        return option.rstrip("=")
    return finding.rule_id.rstrip("=")


def judge_quality(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
    rule = claim_rule(ctx.finding)
    if rule == "shadowFunction":
        got = judge_shadow_function(ctx, root, lo, hi)
        if got is not None:
            return got
    judge = _CLAIMS.get(rule)
    if judge is not None:
        return judge(ctx, root, lo, hi)
    words = " ".join(x for x in (ctx.finding.rule_id, ctx.finding.rule_name or "", ctx.finding.message) if x)
    names = _QUOTED.findall(ctx.finding.message)
    if "pointer to const" in words or re.search(r"\bconst(Parameter|Variable)", words):
        return _const_pointer(ctx, root, lo, hi, names)
    if "shadow" in words.lower():
        return _shadowing(ctx, root, lo, hi, names)
    if "struct member" in words or "unusedStructMember" in words:
        return _unused_member(ctx, root, lo, hi, ctx.finding.message)
    return _unused(ctx, root, lo, hi)


def _unused(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
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


def _const_pointer(ctx: Ctx, root: Node, lo: int, hi: int, names: list[str]) -> Outcome:
    if not names:
        return _open("The claim names no pointer.")
    name = names[0]
    func = _function_at(root, lo, hi, None)
    if func is None:
        return _open(f"No function around line {lo} declares `{name}`.")
    fname = func_name(func)
    body = func.child_by_field_name("body")
    if body is None:
        return _open(f"{fname}() has no body here.")
    word = re.compile(rf"(?<![\w$]){re.escape(name)}(?![\w$])")
    for n in walk(body):
        if n.type in {"preproc_arg", "preproc_params"} and word.search(text(n)):
            return _open(
                f"`{name}` is mentioned in a preprocessor line of {fname}(): the build decides its uses."
            )
        if n.type != "identifier" or text(n) != name or _declares(n, name):
            continue
        why = _not_only_read(ctx, n, func)
        if why is not None:
            return _open(f"At line {line_of(n)}, `{name}` {why}: whether it may be const is not proven here.")
    why = (
        f"nothing in {fname}() writes through `{name}`, hands it on, copies, returns it or takes its address"
    )
    return _confirmed(ctx, func, why)


_TRUTH_OPS = frozenset({"==", "!=", "<", "<=", ">", ">=", "&&", "||"})
_CONDITIONS = frozenset(
    {"if_statement", "while_statement", "do_statement", "for_statement", "switch_statement"}
)


def _not_only_read(ctx: Ctx, ident: Node, func: Node) -> str | None:
    """Why this mention of the pointer may let something write through it (None: it only reads)."""
    node, deref = ident, False
    while True:
        parent = node.parent
        if parent is None:
            return "is used where the analyst cannot see how"
        t = parent.type
        op = text(parent.child_by_field_name("operator"))
        if t in {"parenthesized_expression", "cast_expression"}:
            pass
        elif (
            t in {"field_expression", "subscript_expression"}
            and parent.child_by_field_name("argument") == node
        ):
            deref = True
        elif t in {"subscript_expression", "sizeof_expression", "expression_statement"}:
            return None  # an index, an unevaluated operand, a value thrown away
        elif t == "pointer_expression":
            if op == "&":
                return "has its address (or an address inside what it points to) taken"
            deref = True
        elif t in _CONDITIONS:
            return None if _inside(node, parent, "condition") else f"is used in a {t.replace('_', ' ')}"
        elif t == "binary_expression":
            if op in _TRUTH_OPS:
                return None
            if not deref:
                return "takes part in pointer arithmetic"
        elif t == "unary_expression":
            if op == "!":
                return None
        elif t == "conditional_expression":
            if _inside(node, parent, "condition"):
                return None
        elif t in {"assignment_expression", "init_declarator"}:
            left = parent.child_by_field_name("left" if t == "assignment_expression" else "declarator")
            if left is not None and _inside(
                node, parent, "left" if t == "assignment_expression" else "declarator"
            ):
                return "is written through" if deref else "is assigned"
            if deref and left is not None and _scalar(ctx, left, func):
                return None  # a number read through it into a variable that holds no address
            return "hands on a value that may point into what it points to"
        elif t == "argument_list":
            return "is handed to a call"
        elif t == "return_statement":
            return "is returned"
        elif t == "update_expression":
            return "is changed through" if deref else "is moved"
        else:
            return f"is used in a {t.replace('_', ' ')}"
        node = parent


def _scalar(ctx: Ctx, left: Node, func: Node) -> bool:
    """``left`` names a local of a plain number or character type (no pointer, no array)."""
    name = declared_name(left) if left.type != "identifier" else text(left)
    if left.type not in {"identifier"} and left.type != "init_declarator":
        return False
    typ = declared_type(name, func, ctx.parsed.tree.root_node)
    return typ is not None and "*" not in typ and typ in ELEM_SIZES


def _inside(node: Node, parent: Node, field: str) -> bool:
    part = parent.child_by_field_name(field)
    return part is not None and part.start_byte <= node.start_byte and node.end_byte <= part.end_byte


def _shadowing(ctx: Ctx, root: Node, lo: int, hi: int, names: list[str]) -> Outcome:
    if not names:
        return _open("The claim names no variable.")
    name = names[0]
    inner = next(
        (
            d
            for d in on_lines(root, lo, hi, {"declaration"})
            for c in d.named_children
            if declared_name(c) == name
        ),
        None,
    )
    if inner is None:
        return _open(f"No declaration of `{name}` was found at line {lo}.")
    func = enclosing_function(inner)
    if func is not None and name in param_names(func):
        return _confirmed(
            ctx,
            inner,
            f"`{name}` at line {line_of(inner)} hides the parameter `{name}` of {func_name(func)}()",
        )
    cur = inner.parent
    while cur is not None:
        if cur.type in {"compound_statement", "translation_unit", "for_statement"}:
            for st in cur.named_children:
                if st.start_byte >= inner.start_byte:
                    break
                if st.type == "declaration" and any(declared_name(c) == name for c in st.named_children):
                    return _confirmed(
                        ctx,
                        inner,
                        f"`{name}` (line {line_of(inner)}) hides the `{name}` declared at line {line_of(st)}",
                    )
        cur = cur.parent
    return _open(f"No enclosing declaration of `{name}` before line {lo} was found.")


def _unused_member(ctx: Ctx, root: Node, lo: int, hi: int, message: str) -> Outcome:
    m = re.search(r"member '(?:[\w:]*::)?([A-Za-z_]\w*)'", message)
    fields = [n for n in on_lines(root, lo, hi, {"field_identifier"})]
    name = m.group(1) if m else (text(fields[0]) if fields else None)
    if name is None or not any(text(f) == name for f in fields):
        return _open("The claim names no member declared on its line.")
    if ctx.path.endswith((".h", ".hpp", ".hh", ".hxx", ".inc")):
        return _open(f"`{name}` belongs to a struct declared in a header: other files may use it.")
    word = re.compile(rf"(?<![\w$]){re.escape(name)}(?![\w$])")
    source = ctx.parsed.source.decode("utf-8", "replace")
    mentions = [mm for mm in word.finditer(source)]
    if len(mentions) > 1:
        line = (
            source.count(
                "\n", 0, next(x for x in mentions if source.count("\n", 0, x.start()) + 1 != lo).start()
            )
            + 1
        )
        return _open(
            f"`{name}` is also mentioned at line {line}: it may be used (a field access, a macro, offsetof)."
        )
    return _confirmed(
        ctx, fields[0], f"the member `{name}` is never mentioned in {ctx.path} but where it is declared"
    )
