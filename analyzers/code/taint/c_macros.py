"""Checks hidden in function-like macros: a statement ``M(args)`` whose macro expands to
``if (COND) <leave>`` (``return``, ``goto``, ``break``, ``continue``, an exit call, or a block
ending in one), optionally wrapped in ``do { ... } while (0)``, leaves unless ``COND`` is false:
after it, ``!COND`` holds, exactly as for the ``if`` written out::

    #define ERR_IF_DATA_OOB(offset) \\
      if ((data + (offset)) > ptr + bytes) { state->errcode = IMAGING_CODEC_OVERRUN; return -1; }
    ...
    ERR_IF_DATA_OOB(2 + i)
    memcpy(out + x, data + 2, i);      /* data + (2 + i) <= ptr + bytes holds here */

The macro is found in the file or in a header it includes (the index's ``same_file``/``import``
strategies), its parameters are replaced by the arguments (each parenthesised, as the preprocessor's
result is parsed), and the expansion is parsed on its own. Macros that stringify or paste (``#``,
``##``) or take a variable argument list are not expanded.
"""

from __future__ import annotations

import functools
import re

from tree_sitter import Node

from ..languages import parse
from .c_conditions import loop_reassigned, reassigned, terminates
from .c_context import Ctx
from .c_tree import call_args, inside, text, walk


def function_macro(ctx: Ctx, name: str) -> tuple[tuple[str, ...], str] | None:
    """(parameters, body) of the function-like macro ``name`` visible from the judged file."""
    key = f"c_macros.function:{name}"
    memo = ctx.parsed.derived
    if key in memo:
        got = memo[key]
        return got if isinstance(got, tuple) else None
    found = _find(ctx.parsed.tree.root_node, name)
    if found is None:
        try:
            matches = ctx.index.definitions(name, from_path=ctx.path, limit=3, fuzzy=False)
        except Exception:
            matches = []
        for m in matches:
            if m.strategy in {"same_file", "import"} and m.symbol.kind == "macro":
                other = ctx.index.file(m.symbol.path)
                if other is not None:
                    found = _find(other.tree.root_node, name)
                    if found is not None:
                        break
    memo[key] = found if found is not None else False
    return found


def _find(root: Node, name: str) -> tuple[tuple[str, ...], str] | None:
    """The one definition of ``name`` in the file; None when there is none, it cannot be expanded,
    or the file defines it more than one way (``#ifdef`` branches: which one a build sees is not known)."""
    found: set[tuple[tuple[str, ...], str]] = set()
    for n in walk(root):
        if n.type != "preproc_function_def" or text(n.child_by_field_name("name")) != name:
            continue
        params = n.child_by_field_name("parameters")
        value = n.child_by_field_name("value")
        names = tuple(text(p) for p in params.named_children) if params is not None else ()
        if value is None or not all(p.isidentifier() for p in names) or "#" in text(value):
            return None  # variadic, stringifying or pasting: not expanded
        found.add((names, " ".join(re.sub(r"\\\r?\n", " ", text(value)).split())))
    return next(iter(found)) if len(found) == 1 else None


def expand(params: tuple[str, ...], body: str, args: list[str]) -> str | None:
    if len(params) != len(args):
        return None
    if not params:
        return body
    table = dict(zip(params, args, strict=True))
    return re.sub(
        r"\b[A-Za-z_]\w*\b", lambda m: f"({table[m.group(0)]})" if m.group(0) in table else m.group(0), body
    )


@functools.lru_cache(maxsize=512)
def _leaving_condition(expansion: str) -> Node | None:
    """The condition of ``if (COND) <leave>`` (or ``do { if (COND) <leave> } while (0)``), parsed
    from the expansion alone; None when the expansion is anything else."""
    end = "" if expansion.rstrip().endswith((";", "}")) else ";"  # the invocation's own `;`
    tree = parse(f"void __sastls_macro(void) {{ {expansion}{end} }}".encode(), "c")
    body = next((n for n in walk(tree.root_node) if n.type == "compound_statement"), None)
    if body is None or any(n.type == "ERROR" or n.is_missing for n in walk(body)):
        return None
    stmts = [c for c in body.named_children if c.type not in {"comment"}]
    stmts = [s for s in stmts if not (s.type == "expression_statement" and not s.named_children)]
    if len(stmts) != 1:
        return None
    st = stmts[0]
    if st.type == "do_statement":
        cond = st.child_by_field_name("condition")
        inner = st.child_by_field_name("body")
        if cond is None or text(cond).strip("() ") != "0" or inner is None:
            return None
        parts = [c for c in inner.named_children if c.type != "comment"]
        if len(parts) != 1:
            return None
        st = parts[0]
    if st.type != "if_statement" or st.child_by_field_name("alternative") is not None:
        return None
    cond, cons = st.child_by_field_name("condition"), st.child_by_field_name("consequence")
    if cond is None or cons is None or not terminates(cons):
        return None
    return cond


def macro_check(ctx: Ctx, stmt: Node) -> tuple[Node, str] | None:
    """(condition, macro name) when ``stmt`` is ``M(args)`` (with or without its ``;``) and ``M``
    expands to a check that leaves when the condition holds."""
    if stmt.type != "expression_statement" or len(stmt.named_children) != 1:
        return None
    call = stmt.named_children[0]
    fn = call.child_by_field_name("function") if call.type == "call_expression" else None
    if fn is None or fn.type != "identifier":
        return None
    name = text(fn)
    got = function_macro(ctx, name)
    if got is None:
        return None
    expansion = expand(got[0], got[1], [text(a) for a in call_args(call)])
    cond = _leaving_condition(expansion) if expansion is not None else None
    return (cond, name) if cond is not None else None


def macro_conditions(ctx: Ctx, node: Node) -> list[tuple[Node, bool, Node]]:
    """Conditions known to hold where ``node`` runs because a macro check before it in an enclosing
    block would have left otherwise: ``(cond, False, macro statement)``, the shape
    ``holding_conditions`` gives (the condition belongs to the macro's parsed expansion; notes point at
    the statement). A check whose variables are assigned between it and ``node`` is left out."""
    out: list[tuple[Node, bool, Node]] = []
    child, cur = node, node.parent
    while cur is not None and cur.type != "function_definition":
        if cur.type == "compound_statement":
            stmts = [c for c in cur.named_children if c.type != "comment"]
            idx = next((i for i, s in enumerate(stmts) if inside(child, s)), None)
            for i in range(idx - 1 if idx is not None else -1, -1, -1):
                got = macro_check(ctx, stmts[i])
                between = stmts[i + 1 : (idx or 0) + 1]
                if (
                    got is None
                    or reassigned(got[0], between, node)
                    or loop_reassigned(got[0], between[-1], node)
                ):
                    continue
                out.append((got[0], False, stmts[i]))
        child, cur = cur, cur.parent
    return out
