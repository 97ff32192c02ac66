"""Every call of a C function, when all of them can be seen: what its parameters hold on entry.

A ``static`` function has internal linkage: no other translation unit can name it. Nor, in effect,
does a function of a program's own file (one that defines ``main``) that no other file of the
workspace names. When, in its own file, its name is only ever called (never stored, passed,
compared, or named by a macro), no function pointer can reach it either, and the calls of the file
are all its calls. A fact that holds of the
argument at every one of those calls (calls in branches that never run left out) holds of the
parameter when the function starts. A function that is not ``static``, or whose address is taken,
has callers the analyst cannot see: nothing is settled this way for it.
"""

from __future__ import annotations

import re

from tree_sitter import Node

from .c_conditions import LOOPS, dead_branch
from .c_context import Ctx
from .c_flow import backward_goto, unread_after
from .c_spec import (
    BYTE_FUNCS,
    C_TERMINATORS,
    COMMAND_FUNCS,
    COPY_FUNCS,
    FORMAT_FUNCS,
    READ_ONLY_ARGS,
    SCAN_FUNCS,
    WRITES_ONLY_AT,
)
from .c_tree import (
    aliases_of,
    call_args,
    declared_name,
    enclosing_function,
    func_name,
    in_static_declaration,
    inside,
    param_names,
    pointer_base,
    pointer_bases,
    strip_expr,
    stripped_text,
    text,
    walk,
)
from .c_unit import unit_closed
from .c_values import const_string, declared_in

_STORES = frozenset({"subscript_expression", "pointer_expression", "field_expression"})
_ALLOCATORS = frozenset({"malloc", "calloc", "alloca", "_alloca", "__builtin_alloca", "realloc"})


def visible_calls(ctx: Ctx, func: Node) -> list[Node] | None:
    """The calls of ``func`` that can run, when they are all of its calls (see the module's doc);
    None when the function may be called from code the analyst does not see."""
    got = _scan(ctx, func)
    return got[1] if got is not None and got[0] else None


def address_taken(ctx: Ctx, func: Node) -> bool:
    """The function's name is used in its file other than to call it or declare it (stored, passed,
    compared, or named by a macro): a pointer to it may be called from anywhere."""
    return _scan(ctx, func) is None


def _scan(ctx: Ctx, func: Node) -> tuple[bool, list[Node]] | None:
    """(declared ``static``, its calls that can run), or None when its name is used otherwise;
    remembered for the file's content (as byte ranges, found again in the tree at hand)."""
    key = func.start_byte
    if key in ctx.call_sites:
        return ctx.call_sites[key]
    shared = ("call-sites", ctx.path, ctx.parsed.content_hash, key)
    if shared in ctx.memo:
        kept = ctx.memo[shared]
        got = None if kept is None else (kept[0], _nodes_at(ctx, kept[1]))  # type: ignore[index]
    else:
        got = _scan_file(ctx, func)
        ctx.memo[shared] = None if got is None else (got[0], [(c.start_byte, c.end_byte) for c in got[1]])
    ctx.call_sites[key] = got
    return got


def _nodes_at(ctx: Ctx, spans: list[tuple[int, int]]) -> list[Node]:
    """The call expressions spanning exactly these bytes in this context's tree."""
    out: list[Node] = []
    root = ctx.parsed.tree.root_node
    for start, end in spans:
        n: Node | None = root.descendant_for_byte_range(start, end)
        while n is not None and not (
            n.type == "call_expression" and n.start_byte == start and n.end_byte == end
        ):
            n = n.parent
        if n is not None:
            out.append(n)
    return out


def _scan_file(ctx: Ctx, func: Node) -> tuple[bool, list[Node]] | None:
    name = func_name(func)
    root = ctx.parsed.tree.root_node
    if not name.isidentifier() or not unit_closed(ctx, name):
        return None
    static = False
    calls: list[Node] = []
    word = re.compile(r"(?<![\w$])" + re.escape(name) + r"(?![\w$])")
    for n in walk(root):
        if n.type in {"preproc_arg", "preproc_params"} and (word.search(text(n)) or "##" in text(n)):
            return None  # a macro names it (or pastes names together): what it expands to is not followed
        if n.type in {"function_definition", "declaration"} and _declares(n, name):
            if any(c.type == "storage_class_specifier" and text(c) == "static" for c in n.children):
                static = True
            continue
        if n.type != "identifier" or text(n) != name:
            continue
        parent = n.parent
        if parent is not None and parent.type == "function_declarator":
            continue  # its own name in a prototype or the definition
        if parent is None or parent.type != "call_expression" or parent.child_by_field_name("function") != n:
            return None  # stored, passed or compared: a pointer to it may be called anywhere
        if dead_branch(ctx, parent) is None:
            calls.append(parent)
    return static or _program_local(ctx, name), calls


def _program_local(ctx: Ctx, name: str) -> bool:
    """``name`` is a function of a program's own file (it defines ``main``) that no other file of
    the program names: the program's other files are in the workspace, so this file's calls are all
    its calls (as for a ``static`` function)."""
    return name != "main" and _defines_main(ctx.parsed.tree.root_node) and not named_in_program(ctx, name)


def named_in_program(ctx: Ctx, name: str) -> bool:
    """Another file of the workspace names ``name``, other than other programs' own files (which
    define ``main`` too, so they are never linked with this one); True when that cannot be read."""
    try:
        mentioning = ctx.index.word_index().get(("call", name), [])
        others = [ctx.index.file(f) for f in mentioning if f != ctx.path]
    except Exception:
        return True
    return not all(o is not None and _defines_main(o.tree.root_node) for o in others)


def _defines_main(root: Node) -> bool:
    return any(n.type == "function_definition" and func_name(n) == "main" for n in root.named_children)


def _declares(n: Node, name: str) -> bool:
    """A function definition or a prototype of ``name`` (not a variable of that name)."""
    for d in [n.child_by_field_name("declarator"), *n.children_by_field_name("declarator")]:
        cur = d
        while cur is not None and cur.type in {"pointer_declarator", "parenthesized_declarator"}:
            cur = cur.child_by_field_name("declarator")
        if cur is not None and cur.type == "function_declarator" and declared_name(cur) == name:
            return True
    return False


def entry_arguments(ctx: Ctx, func: Node, param: str) -> list[tuple[Node, Node]] | None:
    """``(argument, call)`` for every visible call of ``func``, for its parameter ``param``, when
    ``param`` keeps the value it was given (never assigned, incremented, nor its address taken); None
    otherwise, or when the function is never called."""
    params = param_names(func)
    if param not in params or not keeps_value(func, param):
        return None
    pos = params.index(param)
    calls = visible_calls(ctx, func)
    if not calls:
        return None
    out: list[tuple[Node, Node]] = []
    for call in calls:
        args = call_args(call)
        if pos >= len(args):
            return None
        out.append((args[pos], call))
    return out


def keeps_value(func: Node, name: str, span: tuple[int, int] | None = None) -> bool:
    """The variable ``name`` is never assigned, incremented, nor has its address taken in ``func``
    (within the bytes of ``span`` when given)."""
    for n in walk(func):
        if span is not None and (n.end_byte <= span[0] or n.start_byte >= span[1]):
            continue
        if n.type == "assignment_expression" and text(strip_expr(n.child_by_field_name("left") or n)) == name:
            return False
        if n.type == "update_expression" and text(strip_expr(n.child_by_field_name("argument") or n)) == name:
            return False
        if (
            n.type == "pointer_expression"
            and text(n.child_by_field_name("operator")) == "&"
            and text(strip_expr(n.child_by_field_name("argument") or n)) == name
        ):
            return False
    return True


def unchanged_until(func: Node, name: str, at: Node) -> bool:
    """The parameter ``name`` still holds the value its caller passed when ``at`` runs: nothing
    before ``at`` assigns or increments it, no loop around ``at`` does (a later round), no
    ``goto`` jumps back to a label written before it (forward ``goto fail`` keeps code running in
    the order it is written) and its address is never taken (a pointer to it could be written
    anywhere). Changes after ``at`` are allowed (``memcpy(d, p, n); n = f(...)``)."""
    if backward_goto(func, unknown_labels=True):
        return False
    loops: list[Node] = []
    cur = at.parent
    while cur is not None and cur != func:
        if cur.type in LOOPS:
            loops.append(cur)
        cur = cur.parent
    for n in walk(func):
        target: Node | None = None
        if n.type == "assignment_expression":
            target = n.child_by_field_name("left")
        elif n.type == "update_expression":
            target = n.child_by_field_name("argument")
        elif n.type == "pointer_expression" and text(n.child_by_field_name("operator")) == "&":
            if text(strip_expr(n.child_by_field_name("argument") or n)) == name:
                return False
            continue
        if target is None or text(strip_expr(target)) != name:
            continue
        if n.start_byte < at.start_byte or any(lp.start_byte <= n.start_byte < lp.end_byte for lp in loops):
            return False
    return True


def quiet_until(
    ctx: Ctx, func: Node, at: Node, ok: set[str], *, trusted: frozenset[str] = frozenset()
) -> bool:
    """Nothing in ``func`` before ``at`` can change the object its callers handed it except through
    ``ok`` (pointers whose writes the caller of this function follows, or the function's own
    objects): see :func:`quiet_between`."""
    return quiet_between(ctx, func, (func.start_byte, at.start_byte), ok, trusted=trusted)


def quiet_between(
    ctx: Ctx,
    func: Node,
    span: tuple[int, int],
    ok: set[str],
    *,
    trusted: frozenset[str] = frozenset(),
    members_apart: bool = False,
) -> bool:
    """Code of ``func`` between the bytes of ``span`` writes memory only through the pointers
    ``ok``: every call is a library function the analyst knows (allocators and exits too), writing
    only through ``ok``, and every store through a pointer goes through ``ok``. A printf-like call
    writes through its arguments (``%n``) unless its format is a literal without ``%n`` or one of
    the ``trusted`` names (formats being shown to hold no conversion at all). ``members_apart``: the
    memory followed is no struct member, so a call writing ``h->event`` writes into what ``h`` points
    to (judged by ``h``), not into it."""
    start, end = span
    for n in walk(func):
        if n.end_byte <= start:
            continue
        if n.start_byte >= end:
            break
        if n.type == "call_expression":
            callee = ctx.callee(n)
            if callee in C_TERMINATORS or callee in _ALLOCATORS or callee in {"va_start", "va_end"}:
                continue
            if not known_library(callee):
                if _quiet_callee(ctx, n, trusted):
                    continue  # a workspace function that writes only its own arrays
                return False
            args = call_args(n)
            for i, a in enumerate(args):
                if text(strip_expr(a)) in {"NULL", "0"}:
                    continue  # nothing to write through
                written = _written_base(a) if members_apart else pointer_base(a)
                if _may_write(ctx, n, i, func, trusted) and written not in ok:
                    return False
        elif n.type in {"assignment_expression", "update_expression"}:
            target = n.child_by_field_name("left") or n.child_by_field_name("argument")
            lhs = strip_expr(target) if target is not None else None
            if lhs is not None and lhs.type == "identifier" and not declared_in(func, text(lhs)):
                return False  # a variable of the file (a pointer kept there may be written through later)
            if lhs is not None and lhs.type == "field_expression":
                if _written_base(lhs) not in ok:  # `h->pos = n` writes into what `h` points to
                    return False
            elif lhs is not None and lhs.type in {"subscript_expression", "pointer_expression"}:
                base = lhs.child_by_field_name("argument")
                if base is None or pointer_base(base) not in ok:
                    return False
    return True


def _written_base(arg: Node) -> str:
    """The variable a write through ``arg`` lands in: its pointer base, or for a member of a struct
    (``h->event``, ``cfg.name``) the variable holding the struct (or pointing to it)."""
    base = pointer_base(arg)
    if base:
        return base
    a = strip_expr(arg)
    while a.type in {"field_expression", "subscript_expression"}:
        inner = a.child_by_field_name("argument")
        if inner is None:
            return ""
        a = strip_expr(inner)
        if a.type == "pointer_expression" and text(a.child_by_field_name("operator")) == "&":
            a = strip_expr(a.child_by_field_name("argument") or a)
    return text(a) if a.type == "identifier" else ""


MAX_QUIET_DEPTH = 2


def quiet_callee(ctx: Ctx, call: Node) -> bool:
    """``call`` is of a workspace function that writes memory only through its own arrays."""
    return _quiet_callee(ctx, call, frozenset())


def _quiet_callee(ctx: Ctx, call: Node, trusted: frozenset[str]) -> bool:
    """``call`` is of a workspace function whose whole body writes memory only through its own
    arrays (and calls only such functions, to a small depth). ``trusted`` formats handed to it are
    trusted there too."""
    from .c_defs import definition_of

    if ctx.quiet_depth >= MAX_QUIET_DEPTH:
        return False
    found = definition_of(ctx, call)
    if found is None:
        return False
    octx, fdef = found
    params = param_names(fdef)
    # a trusted format handed on stays trusted in the callee's parameter
    handed = frozenset(
        params[i] for i, a in enumerate(call_args(call)) if i < len(params) and text(strip_expr(a)) in trusted
    )
    if hands_back(octx, fdef):
        return False
    octx.quiet_depth = ctx.quiet_depth + 1
    try:
        return quiet_between(
            octx, fdef, (fdef.start_byte, fdef.end_byte), local_objects(fdef), trusted=handed
        )
    finally:
        octx.quiet_depth = ctx.quiet_depth


def known_library(callee: str) -> bool:
    """A library function whose writes through its arguments the analyst knows (c_spec)."""
    return (
        callee in READ_ONLY_ARGS
        or callee in WRITES_ONLY_AT
        or callee in COMMAND_FUNCS
        or callee in COPY_FUNCS
        or callee in BYTE_FUNCS
        or (callee in FORMAT_FUNCS and callee not in SCAN_FUNCS)
    )


def may_write_argument(ctx: Ctx, call: Node, i: int, func: Node) -> bool:
    """Argument ``i`` of a known library call may be written through (:func:`known_library`)."""
    return _may_write(ctx, call, i, func, frozenset())


def _may_write(ctx: Ctx, call: Node, i: int, func: Node, trusted: frozenset[str]) -> bool:
    """Argument ``i`` of a known library call may be written through."""
    callee = ctx.callee(call)
    if callee in COPY_FUNCS:
        return COPY_FUNCS[callee][0] == i
    if callee in FORMAT_FUNCS:
        fi = FORMAT_FUNCS[callee]
        if callee in {"asprintf", "vasprintf"} and i == 0:
            return True
        if i <= fi:
            return False  # a stream, a descriptor or the format itself
        args = call_args(call)
        fmt = args[fi] if fi < len(args) else None
        if fmt is None:
            return True
        if text(strip_expr(fmt)) in trusted:
            return False
        literal = const_string(ctx, fmt, func)
        return literal is None or "%n" in literal[0].replace("%%", "")
    if callee in READ_ONLY_ARGS or callee in COMMAND_FUNCS:
        return False
    if callee in WRITES_ONLY_AT:
        return i in WRITES_ONLY_AT[callee]
    return callee in BYTE_FUNCS and callee not in {"memcmp", "wmemcmp", "fwrite", "write", "send"}


def local_objects(func: Node) -> set[str]:
    """Arrays declared in ``func``'s body (its own storage, which no caller can hold a pointer to
    when the function starts)."""
    body = func.child_by_field_name("body")
    if body is None:
        return set()
    own = {
        text(n.child_by_field_name("declarator"))
        for n in walk(body)
        if n.type == "array_declarator" and inside(n, body) and not in_static_declaration(n)
    }
    for n in walk(body):  # plain local variables (a struct, a number): no pointer to them yet either
        if n.type != "declaration" or in_static_declaration(n):
            continue
        typ = n.child_by_field_name("type")
        if typ is None or "va_list" in text(typ):
            continue  # a handle to the caller's arguments, not storage of its own
        for d in n.named_children:
            inner = d.child_by_field_name("declarator") if d.type == "init_declarator" else d
            if inner is not None and inner.type == "identifier":
                own.add(text(inner))
    return own


def results_dropped(ctx: Ctx, func: Node) -> list[Node] | None:
    """The visible calls of ``func`` (static, address never taken) when every one drops the value it
    returns: a statement of its own, or stored in a local of the caller that nothing reads afterwards
    (no loop around the call, its address never taken); None otherwise."""
    calls = visible_calls(ctx, func)
    if not calls:
        return None
    for call in calls:
        holder = call.parent
        while holder is not None and holder.type in {"parenthesized_expression", "cast_expression"}:
            holder = holder.parent
        caller = enclosing_function(call)
        if holder is None or caller is None:
            return None
        if holder.type == "expression_statement":
            continue
        if holder.type == "assignment_expression" and text(holder.child_by_field_name("operator")) == "=":
            var = stripped_text(holder.child_by_field_name("left"))
        elif holder.type == "init_declarator":
            var = declared_name(holder.child_by_field_name("declarator"))
        else:
            return None
        if not var.isidentifier() or not _dead_after(caller, var, holder):
            return None
    return calls


def _dead_after(func: Node, var: str, store: Node) -> bool:
    """The local ``var`` of ``func`` is not read after ``store`` (nor its address taken anywhere), and
    no loop encloses ``store``."""
    body = func.child_by_field_name("body")
    if body is None or not any(
        n.type == "declaration"
        and any(declared_name(d) == var for d in n.children_by_field_name("declarator"))
        for n in walk(body)
    ):
        return False
    if any(n.type == "goto_statement" for n in walk(func)):
        return False
    return unread_after(func, var, store, _assigned_here)


def _assigned_here(n: Node) -> bool:
    """``n`` is the whole left side of a plain assignment (written, not read)."""
    p = n.parent
    while p is not None and p.type == "parenthesized_expression":
        n, p = p, p.parent
    return (
        p is not None
        and p.type == "assignment_expression"
        and p.child_by_field_name("left") == n
        and text(p.child_by_field_name("operator")) == "="
    )


def hands_back(ctx: Ctx, func: Node) -> bool:
    """``func`` returns a pointer that may point into what a pointer parameter was handed: the
    caller's object comes back under another name."""
    from .c_values import declared_type

    root = ctx.parsed.tree.root_node
    handed: set[str] = set()
    for p in param_names(func):
        typ = declared_type(p, func, root) or ""
        if "*" in typ or "[" in typ:
            handed |= aliases_of(func, p)
    if not handed:
        return False
    return any(
        n.type == "return_statement"
        and n.named_children
        and (pointer_bases(n.named_children[0]) & handed or n.named_children[0].type == "call_expression")
        for n in walk(func)
    )
