"""A finding on a fixed-size array's declaration (flawfinder's ``char buf[N]``) is about every
access to that object: judged by each one in the array's own scope (its function, or the file
for a file-scope array) -- never by code of another function -- directly or through pointers
that point into it (``p = buf``, ``p = buf - 8``):

- copies into it or out of it (length against the destination, reads against the source,
  terminator left behind), scanf conversions into it, wrappers that copy into it;
- indexes, written or read, checked against both ends;
- being handed to a function that may write through it without a known bound keeps the finding.
"""

from __future__ import annotations

from collections.abc import Callable

from tree_sitter import Node

from .c_context import Ctx, keep
from .c_copies import copy_safe, copy_wrapper, wrapper_copy_safe
from .c_objects import writable
from .c_paths import dead_branch
from .c_provenance import definition_of
from .c_scan import scan_safe
from .c_spec import COMMAND_FUNCS, COPY_FUNCS, FORMAT_FUNCS, READ_ONLY_ARGS, SCAN_FUNCS
from .c_tree import (
    aliases_of,
    call_args,
    callee_of,
    enclosing_function,
    param_names,
    pointer_base,
    strip_expr,
    text,
    walk,
)
from .c_values import writes_argument
from .outcome import Outcome
from .values import Note


def declaration_uses(ctx: Ctx, decls: list[Node], index_safe: IndexCheck) -> Outcome:
    """Judge every access to each array declared on the reported lines."""
    notes: list[Note] = []
    count = 0
    names: list[str] = []
    for decl in decls:
        name = text(decl.child_by_field_name("declarator"))
        names.append(name)
        func = enclosing_function(decl)
        scope = func if func is not None else ctx.parsed.tree.root_node
        pointers = aliases_of(func, name) if func is not None else {name}
        escape = _escapes(scope, pointers)
        if escape is not None:
            return keep(
                ctx,
                escape,
                f"a pointer into `{name}` is stored in `{text(escape.child_by_field_name('left'))}`, "
                "where code the analyst does not follow may read or write through it",
                "unbounded write",
            )
        got = accesses_safe(ctx, scope, pointers, index_safe, 0)
        if isinstance(got, Outcome):
            return got
        count += got[0]
        notes.extend(got[1])
    listed = ", ".join(f"`{x}`" for x in names)
    why = (
        f"every access to {listed} (directly or through pointers into it) stays inside it"
        if count
        else f"nothing reads or writes {listed} beyond its declaration, nor hands it to other code"
    )
    first = notes[:1] or [ctx.note(decls[0], why, "guard")]
    sentence = why[0].upper() + why[1:] + "."
    return Outcome("FALSE_POSITIVE", 0.75, "every access is bounded", sentence, [*first, *notes[1:6]])


IndexCheck = Callable[[Ctx, Node], "list[Note] | Outcome"]
MAX_CALLEES = 2


def accesses_safe(
    ctx: Ctx, scope: Node, pointers: set[str], index_safe: IndexCheck, depth: int
) -> tuple[int, list[Note]] | Outcome:
    """Every access in ``scope`` through ``pointers``: (how many, their notes), or the first that
    is not proven inside its object."""
    notes: list[Note] = []
    count = 0
    for n in walk(scope):
        if n.type == "call_expression":
            args = call_args(n)
            if not any(pointer_base(a) in pointers for a in args) or dead_branch(ctx, n) is not None:
                continue
            r = _call_safe(ctx, n, pointers, index_safe, depth)
        elif n.type == "subscript_expression":
            arr = n.child_by_field_name("argument")
            if arr is None or pointer_base(arr) not in pointers or dead_branch(ctx, n) is not None:
                continue
            r = index_safe(ctx, n)
            if not isinstance(r, Outcome):
                sources = _element_copy_sources(ctx, n, index_safe)
                r = sources if isinstance(sources, Outcome) else r + sources
        else:
            continue
        if isinstance(r, Outcome):
            return r
        count += 1
        notes.extend(r)
    return count, notes


def _escapes(scope: Node, pointers: set[str]) -> Node | None:
    """An assignment that stores a pointer into the array somewhere other than a local pointer
    (a field, an element, through a pointer): other functions may then reach it."""
    for n in walk(scope):
        if n.type != "assignment_expression" or text(n.child_by_field_name("operator")) != "=":
            continue
        right = n.child_by_field_name("right")
        left = n.child_by_field_name("left")
        if right is None or left is None or pointer_base(right) not in pointers:
            continue
        lhs = strip_expr(left)
        if lhs.type != "identifier":
            return n
    return None


def _element_copy_sources(ctx: Ctx, sub: Node, index_safe: IndexCheck) -> list[Note] | Outcome:
    """``dst[i] = src[j]``: an element copy touches both arrays; the other side must lie inside its
    object too."""
    assign = sub.parent
    while assign is not None and assign.type in {
        "parenthesized_expression",
        "cast_expression",
        "subscript_expression",
    }:
        assign = assign.parent
    if assign is None or assign.type != "assignment_expression":
        return []
    out: list[Note] = []
    for r in walk(assign):
        if r.type == "subscript_expression" and r != sub:
            got = index_safe(ctx, r)
            if isinstance(got, Outcome):
                return got
            out.extend(got)
    return out


def _call_safe(
    ctx: Ctx, call: Node, pointers: set[str], index_safe: IndexCheck, depth: int
) -> list[Note] | Outcome:
    callee = callee_of(call)
    args = call_args(call)
    at = [i for i, a in enumerate(args) if pointer_base(a) in pointers]
    if callee in COPY_FUNCS:
        d_i, s_i, _n = COPY_FUNCS[callee]
        if any(i in {d_i, s_i} for i in at):
            return copy_safe(ctx, call)
        return []
    if callee in SCAN_FUNCS:
        return scan_safe(ctx, call, pointers)
    if callee in READ_ONLY_ARGS or callee in COMMAND_FUNCS:
        return []
    if callee in FORMAT_FUNCS and all(i >= FORMAT_FUNCS[callee] for i in at):
        return []  # printed (a constant format's arguments) or used as the format: only read
    if copy_wrapper(ctx, call) is not None:
        return wrapper_copy_safe(ctx, call)
    inside = _in_callee(ctx, call, at, index_safe, depth)
    if inside is not None:
        return inside
    if _only_reads_param(ctx, call, at):
        return []
    return keep(
        ctx,
        call,
        f"`{text(args[at[0]])}` is handed to {callee or 'a call'}(), which may write into it "
        "without a known bound",
        "unbounded write",
    )


def _in_callee(
    ctx: Ctx, call: Node, at: list[int], index_safe: IndexCheck, depth: int
) -> list[Note] | Outcome | None:
    """Follow the pointer into a workspace function: judge every access there through the
    parameter, knowing how many bytes this call hands it (None: not followed)."""
    if depth >= MAX_CALLEES:
        return None
    found = definition_of(ctx, call)
    if found is None:
        return None
    octx, fdef = found
    params = param_names(fdef)
    func = enclosing_function(call)
    notes: list[Note] = []
    for i in at:
        if i >= len(params):
            return None
        space = writable(ctx, call_args(call)[i], func)
        if space is None:
            return None
        bound = Ctx(octx.finding, octx.parsed, octx.index, octx.macros, {**octx.bindings, params[i]: space})
        got = accesses_safe(bound, fdef, aliases_of(fdef, params[i]), index_safe, depth + 1)
        if isinstance(got, Outcome):
            return got
        notes.extend(got[1])
    return notes


def _only_reads_param(ctx: Ctx, call: Node, at: list[int]) -> bool:
    """A workspace function that never writes through the parameters at ``at`` (no assignment
    through them, no call that may write them)."""
    found = definition_of(ctx, call)
    if found is None:
        return False
    _octx, fdef = found
    params = param_names(fdef)
    for i in at:
        if i >= len(params):
            return False
        p = params[i]
        for n in walk(fdef):
            if n.type == "assignment_expression":
                left = n.child_by_field_name("left")
                if (
                    left is not None
                    and left.type in {"subscript_expression", "pointer_expression"}
                    and (pointer_base(left.child_by_field_name("argument") or left) == p)
                ):
                    return False
            elif n.type == "call_expression" and writes_argument(n, p) and callee_of(n) not in FORMAT_FUNCS:
                return False
    return True
