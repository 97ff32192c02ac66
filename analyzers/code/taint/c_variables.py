"""Claims about local variables (code quality, not weaknesses): cppcheck's ``unreadVariable`` ("is
assigned a value that is never used"), ``variableScope`` ("the scope can be reduced") and
``shadowFunction`` ("local variable shadows outer function").

- value never used: confirmed when, after the assignment, the function ends, returns or overwrites
  the variable before anything reads it; refuted when the first statement after it that mentions
  it reads it; a variable whose address is taken, a global, a ``static`` or ``volatile`` local, a
  mention in a macro or a preprocessor branch, or a path the analyst cannot follow (loops) leave it
  open;
- scope: confirmed when every use lies inside one block nested in the declaring block, and moving
  the declaration there keeps its meaning (no loop in between, or the block writes it before any
  read; no initialiser with a call); refuted when a use lies directly in the declaring block;
- shadowing a function: confirmed when the file declares a function of that name; refuted when
  the line declares no variable of that name (``Py_BEGIN_ALLOW_THREADS f(x);`` is a call after a
  statement macro, not a declaration).
"""

from __future__ import annotations

import re

from tree_sitter import Node

from .c_conditions import terminates
from .c_context import Ctx
from .c_mentions import statement_macro_call
from .c_scope import block_of, parse_trouble, visible_declaration
from .c_spec import C_TERMINATORS, NO_RETURN
from .c_tree import (
    callee_of,
    declared_name,
    enclosing_function,
    func_name,
    inside,
    line_of,
    on_lines,
    text,
    walk,
)
from .outcome import Outcome

_QUOTED = re.compile(r"[‘'`\"]([A-Za-z_]\w*)[’'`\"]")
_LOOPS = frozenset({"for_statement", "while_statement", "do_statement"})
_STATEMENTS = frozenset(
    {
        "expression_statement",
        "declaration",
        "return_statement",
        "if_statement",
        "for_statement",
        "while_statement",
        "do_statement",
        "switch_statement",
        "compound_statement",
        "goto_statement",
        "break_statement",
        "continue_statement",
        "labeled_statement",
        "case_statement",
    }
)


def judge_unread_variable(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
    name = _name(ctx)
    if name is None:
        return _open("The claim names no variable.")
    misparse = _macro_call_line(ctx, root, lo, hi, name)
    if misparse is not None:
        return misparse
    writes = [w for w in _writes_on(root, lo, hi, name)]
    if not writes:
        return _open(f"No assignment to `{name}` was found at line {lo}.")
    write = writes[-1]
    func = enclosing_function(write)
    if func is None:
        return _open(f"`{name}` is assigned outside a function.")
    trouble = parse_trouble(func.child_by_field_name("body") or func)
    if trouble is not None:
        return _unparsed(func, trouble)
    why_not = _not_a_plain_local(ctx, root, func, write, name)
    if why_not is not None:
        return _open(why_not)
    stmt = _statement_of(write)
    got = _after(ctx, stmt, name, func)
    if got is None:
        return _open(
            f"Whether a read of `{name}` follows line {line_of(write)} depends on paths (a loop, a switch) "
            "the analyst does not follow here."
        )
    kind, node = got
    if kind == "read":
        why = (
            f"`{name}` is read at line {line_of(node)} (`{_short(node)}`), by the first statement after line "
            f"{line_of(write)} that mentions it"
        )
        return Outcome(
            "FALSE_POSITIVE",
            0.8,
            "value is read",
            f"The value is used: {why}.",
            [ctx.note(write, f"`{name}` is assigned here", "sink"), ctx.note(node, why, "guard")],
        )
    what = {
        "write": f"line {line_of(node)} assigns `{name}` again before anything reads it",
        "end": f"{func_name(func)}() {_how_it_ends(node)} before anything reads `{name}`",
    }[kind]
    return _confirmed(ctx, write, f"after line {line_of(write)}, {what}")


def judge_variable_scope(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
    name = _name(ctx)
    if name is None:
        return _open("The claim names no variable.")
    decls = [
        d
        for d in on_lines(root, lo, hi, {"declaration"})
        if any(declared_name(x) == name for x in d.children_by_field_name("declarator"))
    ]
    if not decls:
        return _open(f"No declaration of `{name}` was found at line {lo}.")
    decl = decls[0]
    func = enclosing_function(decl)
    block = block_of(decl)
    if func is None or block is None or block.type != "compound_statement":
        return _open(f"`{name}` is not a local of a block.")
    trouble = parse_trouble(func.child_by_field_name("body") or func)
    if trouble is not None:
        return _unparsed(func, trouble)
    uses = [
        n for n in walk(block) if n.type == "identifier" and text(n) == name and n.start_byte > decl.end_byte
    ]
    if any(n.type in {"preproc_arg", "preproc_params"} and name in text(n) for n in walk(block)):
        return _open(f"`{name}` is mentioned in a preprocessor line: its uses depend on the build.")
    if not uses:
        return _open(f"`{name}` is not used after its declaration (another claim: unused variable).")
    if any(_address_taken(u) for u in uses):
        return _open(f"The address of `{name}` is taken: a pointer to it may outlive a smaller block.")
    for u in uses:
        other = visible_declaration(name, u, root)
        if other is None or other.declaration != decl:
            return _open(f"An inner block declares another `{name}` (line {line_of(u)}).")
    direct = [u for u in uses if _owner_scope(u, block) == block]
    if direct:
        u = direct[0]
        why = (
            f"`{name}` is used at line {line_of(u)} directly in the block that declares it (lines "
            f"{line_of(block)}-{block.end_point[0] + 1}), so no smaller block holds every use"
        )
        return Outcome(
            "FALSE_POSITIVE",
            0.75,
            "scope already minimal",
            why[0].upper() + why[1:] + ".",
            [ctx.note(decl, f"`{name}` is declared here", "sink"), ctx.note(u, why, "guard")],
        )
    inner = _common_scope(uses, block)
    if inner is None:
        firsts = sorted({line_of(u) for u in uses})
        why = (
            f"`{name}` is used in different statements of its block "
            f"(lines {', '.join(map(str, firsts[:4]))}), "
            "so no smaller block holds every use"
        )
        return Outcome(
            "FALSE_POSITIVE",
            0.75,
            "scope already minimal",
            why[0].upper() + why[1:] + ".",
            [ctx.note(decl, f"`{name}` is declared here", "sink"), ctx.note(uses[0], why, "guard")],
        )
    loop = _loop_between(inner, block)
    init = _initializer(decl, name)
    if init is not None and any(n.type == "call_expression" for n in walk(init)):
        return _open(
            f"`{name}` is initialised by a call (line {line_of(decl)}): moving it changes when it runs."
        )
    if loop is not None and not _written_first(inner, name):
        return _open(
            f"Every use of `{name}` is inside the statement at line {line_of(inner)}, but the loop at line "
            f"{line_of(loop)} may carry its value from one pass to the next."
        )
    return _confirmed(
        ctx,
        decl,
        f"every use of `{name}` lies inside the "
        f"{'block' if inner.type == 'compound_statement' else 'statement'} "
        f"at lines {line_of(inner)}-{inner.end_point[0] + 1}, "
        f"nested in the block that declares it (line {line_of(decl)})",
    )


def judge_shadow_function(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome | None:
    """None when the claim is not about a function (the usual shadowing check applies)."""
    name = _name(ctx)
    if name is None:
        return None
    misparse = _macro_call_line(ctx, root, lo, hi, name)
    if misparse is not None:
        return misparse
    decls = [
        d
        for d in on_lines(root, lo, hi, {"declaration"})
        if any(declared_name(x) == name for x in d.children_by_field_name("declarator"))
        and enclosing_function(d) is not None
    ]
    if not decls:
        return _open(f"No local declaration of `{name}` was found at line {lo}.")
    funcs = [
        n
        for n in walk(root)
        if (n.type == "function_definition" and func_name(n) == name)
        or (
            n.type == "declaration"
            and enclosing_function(n) is None
            and any(x.type == "function_declarator" and declared_name(x) == name for x in walk(n))
        )
    ]
    if not funcs:
        return _open(f"No function `{name}` is declared in {ctx.path} (it may come from a header).")
    return _confirmed(
        ctx,
        decls[0],
        f"the local `{name}` (line {line_of(decls[0])}) hides the function {name}() declared at line "
        f"{line_of(funcs[0])}",
    )


def _unparsed(func: Node, trouble: Node) -> Outcome:
    return _open(
        f"The parser could not read {func_name(func)}() cleanly "
        f"(line {line_of(trouble)}: `{_short(trouble)}`), "
        "most likely a macro whose header is not in the workspace: its blocks and paths are not trusted here."
    )


def _name(ctx: Ctx) -> str | None:
    names = _QUOTED.findall(ctx.finding.message)
    return names[0] if names else None


def _macro_call_line(ctx: Ctx, root: Node, lo: int, hi: int, name: str) -> Outcome | None:
    holding = [
        n for n in walk(root) if n.type == "declaration" and line_of(n) <= hi and lo <= n.end_point[0] + 1
    ]
    for d in holding:
        if statement_macro_call(d) and any(
            declared_name(x) == name for x in d.children_by_field_name("declarator")
        ):
            macro = text(d.child_by_field_name("type"))
            at = next((x for x in d.children_by_field_name("declarator") if declared_name(x) == name), d)
            why = (
                f"`{macro}` (CPython) expands to statements, so line {line_of(at)} calls {name}(); "
                f"it declares no variable `{name}`"
            )
            return Outcome(
                "FALSE_POSITIVE",
                0.8,
                "a call read as a declaration",
                f"The scanner read a call as a declaration: {why}.",
                [ctx.note(d, why, "safe_variant")],
            )
    return None


def _writes_on(root: Node, lo: int, hi: int, name: str) -> list[Node]:
    out: list[Node] = []
    for n in on_lines(root, lo, hi, {"init_declarator", "assignment_expression", "update_expression"}):
        if (
            (n.type == "init_declarator" and declared_name(n.child_by_field_name("declarator")) == name)
            or (n.type == "assignment_expression" and _bare(n.child_by_field_name("left")) == name)
            or (n.type == "update_expression" and _bare(n.child_by_field_name("argument")) == name)
        ):
            out.append(n)
    return out


def _bare(n: Node | None) -> str:
    while n is not None and n.type == "parenthesized_expression" and n.named_children:
        n = n.named_children[0]
    return text(n) if n is not None and n.type == "identifier" else ""


def _not_a_plain_local(ctx: Ctx, root: Node, func: Node, at: Node, name: str) -> str | None:
    decl = visible_declaration(name, at, root)
    if decl is None or decl.where == "file":
        return f"`{name}` is not a local of {func_name(func)}(): other functions may read it."
    words = text(decl.declaration).split(name)[0]
    if re.search(r"\b(static|volatile|extern)\b", words):
        return f"`{name}` is declared `{words.strip()}`: its value outlives the call or is read elsewhere."
    if decl.shape == "array":
        return f"`{name}` is an array: its elements are not followed here."
    for n in walk(func):
        if n.type in {"preproc_arg", "preproc_params"} and re.search(
            rf"(?<![\w$]){re.escape(name)}(?![\w$])", text(n)
        ):
            return f"`{name}` is mentioned in a preprocessor line: its uses depend on the build."
        if n.type == "identifier" and text(n) == name and _address_taken(n):
            return f"The address of `{name}` is taken at line {line_of(n)}: it may be read through a pointer."
        if n.type == "identifier" and text(n) == name and _in_conditional(n):
            return (
                f"`{name}` is mentioned in a preprocessor branch (line {line_of(n)}): "
                "its uses depend on the build."
            )
        if (
            n.type == "call_expression"
            and any(text(a) == name for a in walk(n) if a.type == "identifier")
            and (ctx.macro(callee_of(n)) is not None or _function_macro(root, callee_of(n)))
        ):
            return (
                f"`{name}` is handed to the macro {callee_of(n)}() at line {line_of(n)}, which may discard "
                "it or read it depending on the build."
            )
    return None


def _function_macro(root: Node, name: str) -> bool:
    """``name`` is defined in this file as a function-like macro (``#define READ(k, d, i) ...``)."""
    return bool(name) and any(
        n.type == "preproc_function_def" and text(n.child_by_field_name("name")) == name for n in walk(root)
    )


def _statement_of(n: Node) -> Node:
    cur = n
    while cur.parent is not None and cur.type not in _STATEMENTS:
        cur = cur.parent
    return cur


def _after(ctx: Ctx, stmt: Node, name: str, func: Node) -> tuple[str, Node] | None:
    """What follows ``stmt`` for ``name``: ('read', node), ('write', node), ('end', node), or None
    (not decided)."""
    cur = stmt
    while True:
        parent = cur.parent
        if parent is None:
            return None
        if parent.type == "compound_statement":
            siblings = [
                c for c in parent.named_children if c.type != "comment" and c.start_byte > cur.start_byte
            ]
            for sib in siblings:
                got = _first_touch(ctx, sib, name)
                if got is not None:
                    return None if got[0] == "open" else got
                if terminates(sib) or _ends(ctx, sib):
                    if sib.type == "return_statement" or _ends(ctx, sib):
                        return "end", sib
                    return None  # break / continue / goto: the path goes on elsewhere
            if parent == func.child_by_field_name("body"):
                return "end", parent
            cur = parent
            continue
        if parent.type in {"if_statement", "else_clause"}:
            cur = parent
            continue
        return None  # a loop, a switch case, a label: not followed here


def _how_it_ends(node: Node) -> str:
    if node.type == "return_statement":
        return f"returns at line {line_of(node)}"
    if node.type == "expression_statement":
        return f"stops at line {line_of(node)} (`{_short(node)}`)"
    return f"ends at line {node.end_point[0] + 1}"


def _ends(ctx: Ctx, stmt: Node) -> bool:
    if stmt.type == "return_statement":
        return True
    if stmt.type == "expression_statement" and stmt.named_children:
        e = stmt.named_children[0]
        return e.type == "call_expression" and (ctx.callee(e) in C_TERMINATORS or ctx.callee(e) in NO_RETURN)
    return False


def _first_touch(ctx: Ctx, stmt: Node, name: str) -> tuple[str, Node] | None:
    """How ``stmt`` first touches ``name`` when it runs: ('read', n), ('write', n); None when it does
    not mention it. A mention the analyst cannot order (inside a branch, a loop) raises no claim:
    it is returned as ``('open', n)``, which callers treat as undecided."""
    idents = [n for n in walk(stmt) if n.type == "identifier" and text(n) == name]
    if not idents:
        return None
    if stmt.type == "expression_statement" and stmt.named_children:
        e = stmt.named_children[0]
        if e.type == "assignment_expression" and _bare(e.child_by_field_name("left")) == name:
            right = e.child_by_field_name("right")
            if right is not None and any(x.type == "identifier" and text(x) == name for x in walk(right)):
                return "read", right
            if text(e.child_by_field_name("operator")) == "=":
                return "write", e
            return "open", e  # x += 1: reads x to store it back
        if e.type == "update_expression" and _bare(e.child_by_field_name("argument")) == name:
            return "open", e  # x++: the same
        return "read", idents[0]
    if stmt.type in {"return_statement", "declaration"}:
        return "read", idents[0]
    if stmt.type in {"if_statement", "switch_statement", "while_statement"}:
        cond = stmt.child_by_field_name("condition")
        if cond is not None and any(inside(i, cond) for i in idents):
            return "read", next(i for i in idents if inside(i, cond))
    return "open", idents[0]


def _address_taken(ident: Node) -> bool:
    p = ident.parent
    while p is not None and p.type == "parenthesized_expression":
        p = p.parent
    return p is not None and p.type == "pointer_expression" and text(p.child_by_field_name("operator")) == "&"


def _in_conditional(n: Node) -> bool:
    cur = n.parent
    while cur is not None and cur.type != "function_definition":
        if cur.type.startswith("preproc_"):
            return True
        cur = cur.parent
    return False


def _owner_scope(n: Node, block: Node) -> Node:
    """The innermost place a declaration of a variable used at ``n`` could move to (``block`` at
    most): a block, a ``for`` statement (C99 ``for (int i = 0; ...)``), or the body of an ``if``,
    ``else``, ``while``, ``for`` or ``do`` (a single statement can be braced)."""
    cur: Node | None = n
    while cur is not None and cur != block:
        if _is_scope(cur):
            return cur
        cur = cur.parent
    return block


def _is_scope(n: Node) -> bool:
    if n.type in {"compound_statement", "for_statement"}:
        return True
    p = n.parent
    if p is None:
        return False
    if p.type == "else_clause":
        return True
    for field in ("body", "consequence", "alternative"):
        if p.type in {"if_statement", "while_statement", "for_statement", "do_statement"} and (
            p.child_by_field_name(field) == n
        ):
            return True
    return False


def _common_scope(uses: list[Node], block: Node) -> Node | None:
    """The innermost scope strictly inside ``block`` that holds every use."""
    cur: Node | None = _owner_scope(uses[0], block)
    while cur is not None and cur != block:
        if _is_scope(cur) and all(inside(u, cur) for u in uses):
            return cur
        cur = cur.parent
    return None


def _loop_between(inner: Node, block: Node) -> Node | None:
    cur = inner.parent
    while cur is not None and cur != block:
        if cur.type in _LOOPS:
            return cur
        cur = cur.parent
    return None


def _initializer(decl: Node, name: str) -> Node | None:
    for d in decl.children_by_field_name("declarator"):
        if d.type == "init_declarator" and declared_name(d) == name:
            return d.child_by_field_name("value")
    return None


def _written_first(scope: Node, name: str) -> bool:
    """The first thing ``scope`` does with ``name`` is to assign it without reading it: the first
    statement of a block that mentions it, a ``for`` initialiser, or the first operand of a
    statement's comma expression."""
    if scope.type == "for_statement":
        init = scope.child_by_field_name("initializer")
        return init is not None and _plain_write(init, name)
    if scope.type == "compound_statement":
        for st in scope.named_children:
            if any(n.type == "identifier" and text(n) == name for n in walk(st)):
                return _written_first(st, name)
        return False
    if scope.type == "expression_statement" and scope.named_children:
        return _plain_write(scope.named_children[0], name)
    return False


def _plain_write(e: Node, name: str) -> bool:
    while e.type == "comma_expression":
        left = e.child_by_field_name("left")
        if left is None:
            return False
        e = left
    if e.type != "assignment_expression" or text(e.child_by_field_name("operator")) != "=":
        return False
    if _bare(e.child_by_field_name("left")) != name:
        return False
    right = e.child_by_field_name("right")
    return right is not None and not any(x.type == "identifier" and text(x) == name for x in walk(right))


def _short(n: Node) -> str:
    s = " ".join(text(n).split())
    return s if len(s) <= 50 else s[:47] + "..."


def _confirmed(ctx: Ctx, node: Node, why: str) -> Outcome:
    return Outcome(
        "TRUE_POSITIVE",
        0.85,
        "code-quality claim confirmed",
        f"The warning is accurate: {why}. (A code-quality finding, not a security weakness.)",
        [ctx.note(node, why, "sink")],
    )


def _open(why: str) -> Outcome:
    return Outcome("NEEDS_REVIEW", 0.3, "variable claim not decided", why, [])
