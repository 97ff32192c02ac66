"""A finding on a fixed-size array's declaration (flawfinder's ``char buf[N]``) is about every
access to that object: judged by each one in the array's own scope (its function, or the file
for a file-scope array) -- never by code of another function -- directly or through pointers
that point into it (``p = buf``, ``p = buf - 8``):

- copies into it or out of it (length against the destination, reads against the source,
  terminator left behind), scanf conversions into it, wrappers that copy into it;
- indexes, written or read, checked against both ends;
- being handed to a function that may write through it without a known bound keeps the finding.

An array never overrun answers only half of flawfinder's hint ("statically-sized arrays can be
improperly restricted, leading to potential overflows or other issues"): the finding is
FALSE_POSITIVE only when, besides, (a) the outside text it holds does not become a number that
reaches a size, index, copy length or computation the analyst keeps (:mod:`.c_numbers`), and (b) its
function keeps no other of its arrays (an overrun or over-read there). Otherwise it is left for
review, with both facts said.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tree_sitter import Node

from .c_conditions import dead_branch
from .c_context import Ctx, keep
from .c_copies import copy_safe, copy_wrapper, wrapper_copy_safe
from .c_format import only_reads
from .c_macro_text import alias_macros, macro_naming
from .c_member_arrays import member_array_max
from .c_objects import elem_of, found_in_string, points_to, writable
from .c_provenance import definition_of
from .c_scan import scan_safe
from .c_spec import (
    COMMAND_FUNCS,
    COPY_FUNCS,
    FORMAT_FUNCS,
    READ_ONLY_ARGS,
    READS_AT,
    SCAN_FUNCS,
    SEPARATORS,
    TOKENIZERS,
)
from .c_terminated import cursor_at, end_cursor_at, reads_as_string, terminated_before, terminated_string
from .c_tree import (
    aliases_of,
    call_args,
    callee_of,
    declared_name,
    enclosing_function,
    field_key,
    func_name,
    in_sizeof,
    in_static_declaration,
    initialiser_keeps,
    inside,
    line_of,
    param_names,
    pointer_base,
    pointer_bases,
    strip_expr,
    stripped_text,
    text,
    walk,
)
from .c_values import const_int, const_string, declared_in, declared_type, row_bytes, writes_argument
from .c_words import accesses, sentence
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
        field = (decl.child_by_field_name("declarator") or decl).type == "field_identifier"
        if func is None:
            elsewhere = _named_elsewhere(ctx, decl, name, field)
            if elsewhere is not None:
                return elsewhere
        typ = declared_type(name, func, ctx.parsed.tree.root_node) or ""
        got = _object_uses(ctx, name, func, index_safe, string=_is_text(typ), fields=field)
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
    for decl, name in zip(decls, names, strict=True):
        doubt = _open_question(ctx, decl, name, names=names, why=why, index_safe=index_safe)
        if doubt is not None:
            return doubt
    first = notes[:1] or [ctx.note(decls[0], why, "guard")]
    scopes = [enclosing_function(d) or ctx.parsed.tree.root_node for d in decls]
    objects = set().union(*(aliases_of(sc, n) for sc, n in zip(scopes, names, strict=True)))
    said = accesses(why, notes, objects)
    asides = sorted({n.why for n in notes if n.role == "note" and n.why.endswith(_ASIDE)})
    if asides:
        said = f"{said} {sentence('; '.join(asides[:2]))}"
    return Outcome("FALSE_POSITIVE", 0.75, "every access stays inside the array", said, [*first, *notes[1:6]])


def _open_question(
    ctx: Ctx, decl: Node, name: str, *, names: list[str], why: str, index_safe: IndexCheck
) -> Outcome | None:
    """A fixed-size array never overrun is still open to review when (a) the outside text it holds
    becomes a number that reaches a use the analyst keeps (an unchecked size, index, copy length
    or computation), or (b) its function keeps another of its arrays (an overrun or over-read of
    another object there): the array's own bounds do not answer the finding then."""
    func = enclosing_function(decl)
    if (decl.child_by_field_name("declarator") or decl).type == "field_identifier":
        return None
    scope = func if func is not None else ctx.parsed.tree.root_node
    own = why[0].upper() + why[1:]
    hazard = _number_hazard(ctx, scope, name)
    if hazard is not None:
        source, hazard_steps, outcome = hazard
        steps = "; ".join(hazard_steps)
        sentence = (
            f"{own}, but its text comes from outside ({source}) and becomes a number that reaches a use "
            f"the analyst keeps: {steps}. {outcome.justification} "
            "Review this declaration with that use."
        )
        return Outcome(
            "NEEDS_REVIEW",
            0.5,
            "outside text becomes an unchecked number",
            sentence,
            [ctx.note(decl, f"`{name}` holds outside text", "source"), *outcome.evidence[:3]],
        )
    if func is None:
        return None
    other = _other_array_kept(ctx, func, names, index_safe)
    if other is not None:
        oname, outcome = other
        sentence = (
            f"{own}, but the analyst keeps `{oname}`, another array of the same function, for an "
            f"access not shown to stay inside it: {outcome.justification} "
            "Review this declaration with that weakness."
        )
        return Outcome(
            "NEEDS_REVIEW",
            0.5,
            "another array of the function kept",
            sentence,
            [ctx.note(decl, f"`{name}` is declared beside `{oname}`", "note"), *outcome.evidence[:3]],
        )
    return None


def _number_hazard(ctx: Ctx, scope: Node, name: str) -> tuple[str, tuple[str, ...], Outcome] | None:
    """(where its outside text comes from, the steps to the unsafe use, the analyst's judgement of
    that use) for the array ``name`` in ``scope``; memoised per array."""
    key = ("decl-number-hazard", ctx.path, ctx.parsed.content_hash, scope.start_byte, name)
    if key in ctx.memo:
        return ctx.memo[key]  # type: ignore[return-value]
    from .c_numbers import number_hazard, outside_text

    found: tuple[str, tuple[str, ...], Outcome] | None = None
    pointers = aliases_of(scope, name)
    source = outside_text(ctx, scope, pointers)
    if source is not None:
        hazard = number_hazard(ctx, scope, pointers)
        if hazard is not None:
            found = (source[1], hazard.steps, hazard.outcome)
    ctx.memo[key] = found
    return found


# The reason of a kept array whose pointer reaches code the analyst does not follow (stored where
# other code reaches it, or handed to a function it cannot judge): nothing wrong is seen there.
NOT_FOLLOWED = "handed to code not followed"
TP = "TRUE_POSITIVE"


def _other_array_kept(
    ctx: Ctx, func: Node, names: list[str], index_safe: IndexCheck
) -> tuple[str, Outcome] | None:
    """The first other array declared in the body of ``func`` whose own accesses the analyst keeps
    (TRUE_POSITIVE) for an access it judged -- not for code it does not follow -- with that
    judgement; each array judged once per function."""
    body = func.child_by_field_name("body")
    for n in walk(body) if body is not None else ():
        if n.type != "array_declarator":
            continue
        d = n.child_by_field_name("declarator")
        if d is None or d.type != "identifier" or text(d) in names:
            continue
        other = text(d)
        key = ("decl-uses", ctx.path, ctx.parsed.content_hash, func.start_byte, other)
        if key not in ctx.memo:
            typ = declared_type(other, func, ctx.parsed.tree.root_node) or ""
            got = _object_uses(ctx, other, func, index_safe, string=_is_text(typ))
            judged = (
                isinstance(got, Outcome) and got.verdict == "TRUE_POSITIVE" and got.reason != NOT_FOLLOWED
            )
            ctx.memo[key] = got if judged else None
        kept = ctx.memo[key]
        if isinstance(kept, Outcome):
            return other, kept
    return None


def _is_text(typ: str) -> bool:
    base = typ.replace("*", " ").replace("const", " ").split()
    return base in (["char"], ["wchar_t"], ["signed", "char"])


MAX_OTHER_FILES = 2000


def _named_elsewhere(ctx: Ctx, decl: Node, name: str, field: bool) -> Outcome | None:
    """Code in other files may reach a field of a struct declared in a header (``s->name``) or a
    file-scope array that is not ``static`` (through an ``extern`` declaration): those accesses are not
    judged here, so the finding stays open when another file does. (A struct defined in a ``.c`` file
    is visible to no other file.)"""
    if field and not ctx.path.endswith(_HEADER_SUFFIXES):
        return None
    if not field and in_static_declaration(decl):
        return None
    word = re.escape(name.encode())
    pattern = (
        re.compile(rb"(?:\.|->)\s*" + word + rb"(?![\w$])")
        if field
        else re.compile(rb"\bextern\b[^;{}]*(?<![\w$])" + word + rb"(?![\w$])")
    )
    try:
        files = [f for f in ctx.index.files() if f != ctx.path and f.endswith(_C_SUFFIXES)]
    except Exception:
        files = []
    for rel in files[:MAX_OTHER_FILES]:
        got = ctx.index.read(rel)
        if isinstance(got, tuple) and pattern.search(got[1]):
            what = f"field `{name}`" if field else f"global array `{name}`"
            return Outcome(
                "NEEDS_REVIEW",
                0.4,
                "accessed in other files",
                f"The {what} is also reached from {rel}: its accesses there are not judged here.",
                [ctx.note(decl, f"{what} is visible to other files", "sink")],
            )
    return None


_HEADER_SUFFIXES = (".h", ".hpp", ".hh", ".hxx", ".inc")
_C_SUFFIXES = (".c", ".h", ".cc", ".cpp", ".cxx", ".hpp", ".hh", ".inc")


def _object_uses(
    ctx: Ctx,
    name: str,
    func: Node | None,
    index_safe: IndexCheck,
    *,
    string: bool = False,
    fields: bool = False,
) -> tuple[int, list[Note]] | Outcome:
    """Every access to the object ``name`` (an array, or the block a local pointer holds) in its
    own scope, directly or through pointers that point into it; a character object (``string``)
    read as a string must have been given a terminator first. A file-scope array (or, with
    ``fields``, a struct field array, reached as ``s.name`` / ``p->name``) is judged in the whole
    file."""
    scope = func if func is not None else ctx.parsed.tree.root_node
    key = field_key(name) if fields else name  # a field is never a variable of the same name
    pointers = aliases_of(scope, key, fields=fields)
    for other in alias_macros(ctx, scope, pointers):  # `#define ARG data`: the same variable
        pointers |= aliases_of(scope, other, fields=fields)
    via = macro_naming(ctx, scope, {p.removeprefix(".") for p in pointers})
    if via is not None:
        use, named = via
        why = (
            f"the macro `{text(use)}` names `{named}`: the code it expands to reads or writes it where "
            "the analyst does not follow"
        )
        return keep(ctx, use, why, NOT_FOLLOWED)
    escape = _escapes(scope, pointers, fields)
    dropped: list[Note] = []
    if escape is not None and escape.type == "return_statement" and func is not None:
        from .c_callers import results_dropped

        calls = results_dropped(ctx, func)
        if calls:  # every caller drops what comes back: nothing uses the returned pointer
            dropped = [
                ctx.note(escape, f"a pointer into `{name}` is returned here", "sink"),
                *(
                    ctx.note(c, f"{func_name(func)}()'s value is dropped here (never read)", "guard")
                    for c in calls
                ),
            ]
            escape = _escapes(scope, pointers, fields, returns_dropped=True)
    if escape is not None:
        # a stored pointer leads to code not followed; a returned one outlives its storage (a defect)
        local = escape.type == "return_statement" and not fields  # a member lives in the caller's struct
        reason = "local storage returned" if local else NOT_FOLLOWED
        return keep(ctx, escape, _escape_why(escape, name, scope, member=fields), reason)
    got = accesses_safe(ctx, scope, pointers, index_safe, 0, string_of=key if string else None, fields=fields)
    return got if isinstance(got, Outcome) else (got[0], [*got[1], *dropped])


def block_uses(ctx: Ctx, name: str, func: Node, index_safe: IndexCheck) -> list[Note] | Outcome:
    """The block a local pointer ``name`` was given (``p = alloca(N)``) judged like an array
    declaration: every access through ``name`` and its aliases stays inside it."""
    typ = declared_type(name, func, ctx.parsed.tree.root_node) or ""
    got = _object_uses(ctx, name, func, index_safe, string=_is_text(typ))
    return got if isinstance(got, Outcome) else got[1]


IndexCheck = Callable[[Ctx, Node], "list[Note] | Outcome"]
MAX_CALLEES = 2


def accesses_safe(
    ctx: Ctx,
    scope: Node,
    pointers: set[str],
    index_safe: IndexCheck,
    depth: int,
    *,
    string_of: str | None = None,
    fields: bool = False,
) -> tuple[int, list[Note]] | Outcome:
    """Every access in ``scope`` through ``pointers``: (how many, their notes), or the first that
    is not proven inside its object (for the character object ``string_of``, a read as a string
    with no terminator put into it before)."""
    notes: list[Note] = []
    count = 0
    for n in walk(scope):
        if n.type == "call_expression":
            args = call_args(n)
            if not any(pointer_bases(a, fields=fields) & pointers for a in args) or dead_branch(ctx, n):
                continue
            r = _call_safe(ctx, n, pointers, index_safe, depth, fields=fields)
            if string_of is not None and not isinstance(r, Outcome):
                unterminated = _unterminated_read(ctx, n, scope, pointers, string_of, fields=fields)
                r = unterminated if unterminated is not None else r
        elif n.type == "subscript_expression":
            arr = n.child_by_field_name("argument")
            if arr is None or not pointer_bases(arr, fields=fields) & pointers or dead_branch(ctx, n):
                continue
            handed = _row_handed(ctx, n, arr, index_safe, depth)
            if handed is not None:
                return handed
            r = index_safe(ctx, n)
            if isinstance(r, Outcome):
                r = _below_end_index(ctx, n, arr) or r
            if not isinstance(r, Outcome):
                sources = _element_copy_sources(ctx, n, index_safe)
                r = sources if isinstance(sources, Outcome) else r + sources
        elif n.type == "pointer_expression" and text(n.child_by_field_name("operator")) == "*":
            arg = n.child_by_field_name("argument")
            if (
                arg is None
                or not pointer_bases(arg, fields=fields) & pointers
                or in_sizeof(n)
                or dead_branch(ctx, n)
            ):
                continue
            r = deref_safe(ctx, n, arg)
        else:
            continue
        if isinstance(r, Outcome):
            return r
        count += 1
        notes.extend(r)
    return count, notes


def _row_handed(ctx: Ctx, sub: Node, arr: Node, index_safe: IndexCheck, depth: int) -> Outcome | None:
    """``f(s->rows[i])`` with ``rows`` an array of arrays: the call gets a pointer to a row, which
    the accesses of the array do not follow (a call that only reads its arguments excepted)."""
    parent = sub.parent
    while parent is not None and parent.type in {"parenthesized_expression", "cast_expression"}:
        parent = parent.parent
    call = parent.parent if parent is not None and parent.type == "argument_list" else None
    if call is None or call.type != "call_expression":
        return None
    callee = ctx.callee(call)
    position = next((i for i, a in enumerate(call_args(call)) if inside(sub, a)), -1)
    if (
        callee in READ_ONLY_ARGS
        or callee in COMMAND_FUNCS
        or (callee in FORMAT_FUNCS and position >= FORMAT_FUNCS[callee])
        or (callee in READS_AT and position in READS_AT[callee])
        or _array_rank(ctx, arr) < 2
    ):
        return None
    if callee in COPY_FUNCS:
        got = copy_safe(ctx, call)
        return got if isinstance(got, Outcome) else None
    if only_reads(ctx, call):
        return None
    row = row_bytes(ctx, arr, enclosing_function(arr))
    rows = {position: row} if row is not None else None
    inside_callee = _in_callee(ctx, call, [position], index_safe, depth, rows=rows)
    if inside_callee is not None:
        return inside_callee if isinstance(inside_callee, Outcome) else None
    return keep(
        ctx,
        call,
        f"`{text(sub)}`, a row of `{stripped_text(arr)}`, is handed to {callee or 'a call'}(), which may "
        "write into it without a bound the analyst follows",
        NOT_FOLLOWED,
    )


def _array_rank(ctx: Ctx, arr: Node) -> int:
    """How many dimensions the array ``arr`` (a variable or a struct member) is declared with (the
    most among declarations of that name in the file; 0 when none is found)."""
    a = strip_expr(arr)
    name = text(a.child_by_field_name("field") or a) if a.type == "field_expression" else text(a)
    rank = 0
    for n in walk(ctx.parsed.tree.root_node):
        if n.type != "array_declarator" or (n.parent is not None and n.parent.type == "array_declarator"):
            continue
        if declared_name(n) != name:
            continue
        depth = 0
        cur: Node | None = n
        while cur is not None and cur.type == "array_declarator":
            depth += 1
            cur = cur.child_by_field_name("declarator")
        rank = max(rank, depth)
    return rank


def _below_end_index(ctx: Ctx, sub: Node, arr: Node) -> list[Note] | None:
    """``q[-1]`` / ``q[0]`` with ``q`` counted down from a string's end and checked above its start
    (c_cursor.below_end)."""
    idx = sub.child_by_field_name("index")
    func = enclosing_function(sub)
    k = const_int(ctx, idx, func) if idx is not None else None
    return end_cursor_at(ctx, arr, sub, func, k) if k in {0, -1} and k is not None else None


def deref_safe(ctx: Ctx, deref: Node, arg: Node) -> list[Note] | Outcome:
    """``*p``: every object ``p`` may point into holds an element at the place it points to (a
    pointer moved by ``p++``, ``p += k`` or returned by a search has no known place: kept)."""
    func = enclosing_function(deref)
    targets = points_to(ctx, arg, func)
    base = stripped_text(arg)
    elem = elem_of(ctx, base, func) or 1 if strip_expr(arg).type == "identifier" else 1
    if targets:
        fits = [t for t in targets if t.offset is not None and t.offset >= 0 and (t.room or 0) >= elem]
        if len(fits) == len(targets):
            where = ", ".join(sorted({f"`{t.obj}`" for t in targets}))
            why = f"`{text(deref)}` reads or writes inside {where} at a known place"
            return [ctx.note(deref, why, "guard")]
    a = strip_expr(arg)
    searches = found_in_string(ctx, text(a), func) if a.type == "identifier" and func is not None else None
    if searches:
        return [
            ctx.note(
                searches[0],
                f"`{text(a)}` is NULL or a character {ctx.callee(searches[0])}() found inside the string "
                "it searched, never moved",
                "guard",
            )
        ]
    outside = [t for t in targets or [] if t.size is not None and t.offset is not None]
    if outside and len(outside) == len(targets or []):
        why = f"`{text(deref)}` lies outside `{outside[0].obj}` on some path"
        return keep(ctx, deref, why, "unchecked pointer")
    along = end_cursor_at(ctx, arg, deref, func, 0)
    stepped = a.child_by_field_name("argument") if a.type == "update_expression" else None
    if along is None and stepped is not None and a.start_byte == stepped.start_byte:
        a = strip_expr(stepped)  # `*p++` reads where p stands
    if along is None and a.type == "identifier":
        along = cursor_at(ctx, a, deref, func)
    if along is not None:
        return along
    return keep(
        ctx,
        deref,
        f"`{text(deref)}` goes through a pointer into the array whose place in it is not known here "
        "(moved, or returned by a call)",
        "unchecked pointer",
    )


def _escapes(
    scope: Node,
    pointers: set[str],
    fields: bool = False,
    *,
    returns_ok: str | None = None,
    returns_dropped: bool = False,
) -> Node | None:
    """An assignment that stores a pointer into the array somewhere other than a local pointer
    (a field, an element, through a pointer), or a ``return`` that hands one to the caller: other
    functions may then reach it. ``return p;`` of the parameter ``returns_ok`` is no escape (see
    :func:`_in_callee`), nor any ``return`` with ``returns_dropped`` (every caller drops the value)."""
    for n in walk(scope):
        if initialiser_keeps(n, pointers, fields=fields):
            return n  # `char *ps[] = { buf }`, `struct s v = { .p = buf }`: kept in another object
        if n.type == "return_statement":
            value = n.named_children[0] if n.named_children else None
            if value is not None and pointer_bases(value, fields=fields) & pointers:
                if returns_dropped or (returns_ok is not None and stripped_text(value) == returns_ok):
                    continue  # dropped by every caller; or the parameter itself: the caller's own pointer
                return n
            continue
        if n.type != "assignment_expression" or text(n.child_by_field_name("operator")) != "=":
            continue
        right = n.child_by_field_name("right")
        left = n.child_by_field_name("left")
        if right is None or left is None or not pointer_bases(right, fields=fields) & pointers:
            continue
        lhs = strip_expr(left)
        if lhs.type != "identifier":
            return n
        if scope.type == "function_definition" and not declared_in(scope, text(lhs)):
            return n  # a variable of the file: other functions may use the pointer kept there
    return None


def _escape_why(escape: Node, name: str, scope: Node, *, member: bool = False) -> str:
    if escape.type == "initializer_list":
        holder = escape.parent
        while holder is not None and holder.type not in {"init_declarator", "assignment_expression"}:
            holder = holder.parent
        target = (
            declared_name(holder.child_by_field_name("declarator"))
            if holder is not None and holder.type == "init_declarator"
            else text(holder.child_by_field_name("left"))
            if holder is not None
            else "an initialiser"
        )
        return (
            f"a pointer into `{name}` is stored in the initialiser of `{target}`, where code the analyst "
            "does not follow may read or write through it"
        )
    if escape.type != "return_statement":
        return (
            f"a pointer into `{name}` is stored in `{text(escape.child_by_field_name('left'))}`, "
            "where code the analyst does not follow may read or write through it"
        )
    where = f"{func_name(scope)}()" if scope.type == "function_definition" else "its function"
    if member:
        owner = enclosing_function(escape)
        where = f"{func_name(owner)}()" if owner is not None else where
        return (
            f"a pointer into the member `{name}` is returned from {where} to callers, whose reads and "
            "writes through it the analyst does not follow"
        )
    return (
        f"a pointer into `{name}` is returned from {where} to callers the analyst does not follow "
        "(a local array's or alloca()'s storage ends when its function returns)"
    )


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
    ctx: Ctx, call: Node, pointers: set[str], index_safe: IndexCheck, depth: int, *, fields: bool = False
) -> list[Note] | Outcome:
    callee = ctx.callee(call)
    args = call_args(call)
    at = [i for i, a in enumerate(args) if pointer_bases(a, fields=fields) & pointers]
    if callee in COPY_FUNCS:
        return _copy_side(ctx, call, at)
    if callee in SCAN_FUNCS:
        return scan_safe(ctx, call, pointers, fields=fields)
    if callee in READ_ONLY_ARGS or callee in COMMAND_FUNCS:
        return []
    if callee in READS_AT and all(i in READS_AT[callee] for i in at):
        return []  # only read there (inet_pton's text)
    if callee in FORMAT_FUNCS and all(i >= FORMAT_FUNCS[callee] for i in at):
        return []  # printed (a constant format's arguments) or used as the format: only read
    split = _split_inside(ctx, call, at)
    if split is not None:
        return split
    wrapped = copy_wrapper(ctx, call)
    if wrapped is not None:
        back = all(
            _returned_back(wrapped[0], call, wrapped[1], param_names(wrapped[1])[d], pointers)
            for _c, d, _b in wrapped[2]
        )
        judged = wrapper_copy_safe(ctx, call, back_followed=back)
        if not isinstance(judged, Outcome):
            return judged
        # not only copies: every access in the wrapper, with the room this call hands it
        inside = _in_callee(ctx, call, at, index_safe, depth, pointers=pointers)
        return inside if inside is not None else judged
    inside = _in_callee(ctx, call, at, index_safe, depth, pointers=pointers)
    if inside is not None:
        return inside
    if _only_reads_param(ctx, call, at) or only_reads(ctx, call):
        return []
    return keep(
        ctx,
        call,
        f"`{text(args[at[0]])}` is handed to {callee or 'a call'}(), which may write into it "
        "without a known bound",
        NOT_FOLLOWED,
    )


def _copy_side(ctx: Ctx, call: Node, at: list[int]) -> list[Note] | Outcome:
    """A copy into the array (its destination only): what is written into it and the terminator left
    there. Reading from a source whose object is not known here is a question about that object,
    not this one. A source that is one of this function's own objects (a local array, a block it
    allocates), or a known object the read is shown to leave (``dataBuffer - 8`` handed in), keeps
    the whole copy this declaration's question, as another array of the function kept does.
    A copy out of the array is judged whole: its size and text are what may overrun the destination."""
    d_i, s_i, _n = COPY_FUNCS[ctx.callee(call)]
    if set(at) != {d_i}:
        return copy_safe(ctx, call)  # its source too, its length or a printed argument: the whole copy
    own = copy_safe(ctx, call, "dst")
    if isinstance(own, Outcome):
        return own
    whole = copy_safe(ctx, call)
    if not isinstance(whole, Outcome):
        return whole
    other = call_args(call)[s_i]
    func = enclosing_function(call)
    if func is None:
        return whole
    targets = points_to(ctx, other, func)
    if targets is not None and (
        any(inside(t.where, func) for t in targets)
        or all(t.room is not None or (t.offset is not None and t.offset < 0) for t in targets)
    ):
        return whole  # the function's own object, or a known one the read is shown to leave
    base = pointer_base(other)
    local = {
        declared_name(d)
        for d in walk(func)
        if d.type == "array_declarator" and d.parent is not None and d.parent.type != "parameter_declaration"
    }
    if base is None or any(base in aliases_of(func, a) for a in local):
        return whole
    why = (
        f"what {ctx.callee(call)}() reads from `{text(other)}` at line {line_of(call)} is a question about "
        f"the object `{text(other)}` points to, {_ASIDE}"
    )
    return [*own, ctx.note(call, why, "note")]  # a source whose object is not known here


_ASIDE = "which is not known here, not about this array"


def _split_inside(ctx: Ctx, call: Node, at: list[int]) -> list[Note] | None:
    """``strtok(line, sep)`` / ``strtok_r(line, sep, &last)`` / ``strsep(&s, sep)``: the NULs it stores
    over delimiters lie inside the string it splits, so inside its object when that string is
    terminated there (``line`` a terminated string, ``s`` a cursor into one)."""
    callee = ctx.callee(call)
    args = call_args(call)
    func = enclosing_function(call)
    saved = [2] if callee == "strtok_r" else []  # `&last`: strtok_r() stores a pointer there, not bytes
    if func is not None and at == saved and len(args) == 3 and stripped_text(args[0]) in {"NULL", "0"}:
        # `strtok_r(NULL, sep, &last)` goes on splitting the string the first call with `&last` split
        first = next(
            (
                n
                for n in walk(func)
                if n.type == "call_expression"
                and n.end_byte <= call.start_byte
                and ctx.callee(n) == "strtok_r"
                and len(call_args(n)) == 3
                and stripped_text(call_args(n)[2]) == stripped_text(args[2])
                and stripped_text(call_args(n)[0]) not in {"NULL", "0"}
            ),
            None,
        )
        return _split_inside(ctx, first, [0, 2]) if first is not None else None
    if not at or at[0] != 0 or any(i != 0 and i not in saved for i in at) or func is None:
        return None
    target = strip_expr(args[0])
    if callee in SEPARATORS:
        if target.type != "pointer_expression" or text(target.child_by_field_name("operator")) != "&":
            return None
        inner = target.child_by_field_name("argument")
        along = cursor_at(ctx, inner, call, func) if inner is not None else None
    elif callee in TOKENIZERS:
        whole = terminated_string(ctx, call, target, func, depth=0)
        along = whole if isinstance(whole, list) else cursor_at(ctx, target, call, func)
    else:
        return None
    if along is None:
        return None
    why = f"{callee}() stores NULs only over delimiters inside the string `{text(args[0])}` splits"
    return [ctx.note(call, why, "guard"), *along[:1]]


def _in_callee(
    ctx: Ctx,
    call: Node,
    at: list[int],
    index_safe: IndexCheck,
    depth: int,
    *,
    pointers: set[str] | None = None,
    rows: dict[int, int] | None = None,
) -> list[Note] | Outcome | None:
    """Follow the pointer into a workspace function: judge every access there through the
    parameter, knowing how many bytes this call hands it (None: not followed). A function that
    returns the parameter unchanged hands the caller back its own pointer: harmless when the caller
    stores it in one of ``pointers`` (whose accesses the caller's judgement follows) or drops it."""
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
        space = (rows or {}).get(i) or writable(ctx, call_args(call)[i], func)
        along = cursor_at(ctx, call_args(call)[i], call, func) if space is None else None
        if space is None and along is None:
            return None
        # a cursor into a terminated string (size unknown): the callee's accesses are judged without
        # a size for the parameter, each by what it shows itself (a cursor stays inside its string)
        bound = Ctx(
            octx.finding,
            octx.parsed,
            octx.index,
            octx.macros,
            {**octx.bindings, params[i]: space} if space is not None else dict(octx.bindings),
            values=_constant_params(ctx, call, fdef, func),
        )
        inner = aliases_of(fdef, params[i])
        returned = params[i] if _returned_back(octx, call, fdef, params[i], pointers) else None
        escape = _escapes(fdef, inner, returns_ok=returned)
        if escape is not None and (escape.type != "return_statement" or _result_used(call)):
            where = func_name(fdef) + "()" + (f" ({octx.path})" if octx.path != ctx.path else "")
            return keep(
                octx, escape, f"in {where}, {_escape_why(escape, params[i], fdef)}", "unbounded write"
            )
        got = accesses_safe(bound, fdef, inner, index_safe, depth + 1)
        if isinstance(got, Outcome):
            return got
        arg = text(call_args(call)[i])
        gives_back = returned is not None and any(
            n.type == "return_statement"
            and n.named_children
            and stripped_text(n.named_children[0]) == returned
            for n in walk(fdef)
        )
        from .c_callers import keeps_value

        same = returned is not None and keeps_value(fdef, returned)
        back = (
            (" (and returns it unchanged)" if same else " (and returns it moved along its string)")
            if gives_back
            else ""
        )
        had = f"the {space} bytes it has here" if space is not None else "a terminated string it moves along"
        notes.append(ctx.note(call, f"`{arg}` is handed to {func_name(fdef)}() with {had}{back}", "guard"))
        notes.extend(along or [])
        notes.extend(got[1])
    return notes


def _returned_back(octx: Ctx, call: Node, fdef: Node, param: str, pointers: set[str] | None) -> bool:
    """``return param;`` of a parameter the callee never changes (or only steps along its string:
    ``trim()``, c_cursor), and the call's value stored in a variable of ``pointers`` (``data =
    f(data)``) or dropped: what comes back is a pointer into the caller's own object, in a variable
    whose accesses are judged with the caller's."""
    from .c_callers import keeps_value
    from .c_cursor import moves_along

    if pointers is None or not (keeps_value(fdef, param) or moves_along(octx, param, fdef)):
        return False
    holder = call.parent
    while holder is not None and holder.type in {"parenthesized_expression", "cast_expression"}:
        holder = holder.parent
    if holder is None or holder.type == "expression_statement":
        return True
    if holder.type == "assignment_expression" and text(holder.child_by_field_name("operator")) == "=":
        return stripped_text(holder.child_by_field_name("left")) in pointers
    if holder.type == "init_declarator":
        return declared_name(holder.child_by_field_name("declarator")) in pointers
    return False


def _result_used(call: Node) -> bool:
    """The value a call returns is kept or passed on (not a statement of its own)."""
    cur = call.parent
    while cur is not None and cur.type in {"parenthesized_expression", "cast_expression"}:
        cur = cur.parent
    return cur is not None and cur.type != "expression_statement"


def _only_reads_param(ctx: Ctx, call: Node, at: list[int]) -> bool:
    """A workspace function that never writes through the parameters at ``at`` (no assignment
    through them, no call that may write them)."""
    found = definition_of(ctx, call)
    if found is None:
        return False
    octx, fdef = found
    params = param_names(fdef)
    for i in at:
        if i >= len(params):
            if not _variadic_only_printed(octx, fdef, ctx, call):
                return False
            continue
        p = params[i]
        held = aliases_of(fdef, p)
        if any(not x.isidentifier() or not declared_in(fdef, x) for x in held):
            return False  # a pointer to it kept in a global or a field: written later, elsewhere
        if any(
            n.type == "return_statement" and n.named_children and pointer_bases(n.named_children[0]) & held
            for n in walk(fdef)
        ):
            return False  # handed back to the caller under another name
        for n in walk(fdef):  # through the parameter or any local pointer that copies it (`d = dst`)
            if n.type == "assignment_expression":
                left = strip_expr(n.child_by_field_name("left") or n)
                if left.type in {"subscript_expression", "pointer_expression"} and (
                    pointer_base(left.child_by_field_name("argument") or left) in held | {p}
                ):
                    return False
            elif n.type == "update_expression":
                target = strip_expr(n.child_by_field_name("argument") or n)
                if target.type in {"subscript_expression", "pointer_expression"} and (
                    pointer_base(target.child_by_field_name("argument") or target) in held | {p}
                ):
                    return False
            elif (
                n.type == "call_expression"
                and any(writes_argument(n, x) for x in held | {p})
                and callee_of(n) not in FORMAT_FUNCS
            ):
                return False
    return True


def _variadic_only_printed(ctx: Ctx, fdef: Node, caller: Ctx | None = None, call: Node | None = None) -> bool:
    """A variadic function whose extra arguments are only handed, as a ``va_list``, to v*printf
    calls with a literal format that has no ``%n``: they are only read. The format may be the
    function's own parameter (a logging wrapper, ``vfprintf(stderr, fmt, ap)``) when ``call``, the
    call being followed, hands it such a literal."""
    decl = fdef.child_by_field_name("declarator")
    params = decl.child_by_field_name("parameters") if decl is not None else None
    if params is None or not any(c.type == "variadic_parameter" for c in params.children):
        return False
    lists: set[str] = set()
    for n in walk(fdef):
        if n.type == "declaration" and "va_list" in text(n.child_by_field_name("type")):
            lists.update(text(c) for c in n.named_children if c.type == "identifier")
    if not lists:
        return False
    func = fdef
    for n in walk(fdef):
        if n.type != "call_expression":
            continue
        args = call_args(n)
        if not any(text(strip_expr(a)) in lists for a in args):
            continue
        name = ctx.callee(n)
        if name in {"va_start", "va_end"}:
            continue
        if name not in FORMAT_FUNCS or not name.startswith(("v", "_v")):
            return False
        fi = FORMAT_FUNCS[name]
        fmt = const_string(ctx, args[fi], func) if fi < len(args) else None
        if fmt is None and fi < len(args) and caller is not None and call is not None:
            fmt = _format_handed(caller, call, fdef, args[fi])
        if fmt is None or "%n" in fmt[0].replace("%%", ""):
            return False
    return True


def _format_handed(caller: Ctx, call: Node, fdef: Node, fmt: Node) -> tuple[str, Node] | None:
    """The literal ``call`` hands the wrapper's format parameter ``fmt`` (never changed in it)."""
    from .c_callers import keeps_value

    params = param_names(fdef)
    name = stripped_text(fmt)
    if name not in params or not keeps_value(fdef, name):
        return None
    args = call_args(call)
    i = params.index(name)
    return const_string(caller, args[i], enclosing_function(call)) if i < len(args) else None


def _unterminated_read(
    ctx: Ctx, call: Node, scope: Node, pointers: set[str], name: str, *, fields: bool = False
) -> Outcome | None:
    for k, a in enumerate(call_args(call)):
        if not pointer_bases(a, fields=fields) & pointers or not reads_as_string(ctx, call, k):
            continue
        if fields and member_array_max(ctx, a) is not None:
            continue  # a member array every write of the file keeps terminated (c_member_arrays)
        if not terminated_before(ctx, call, scope, pointers, name, fields=fields):
            return keep(
                ctx,
                call,
                f"{ctx.callee(call) or 'the call'}() reads `{text(a)}` as a string, but nothing before it "
                f"puts a terminator into `{name.removeprefix('.')}`: the read may run past its end",
                "unterminated string",
            )
    return None


def _constant_params(ctx: Ctx, call: Node, fdef: Node, func: Node | None) -> dict[str, int]:
    """The callee's parameters that ``call`` passes a constant (``sizeof(h->size)``, ``64``) and
    that the callee never changes: their value throughout the callee for this call."""
    from .c_callers import keeps_value

    out: dict[str, int] = {}
    for param, arg in zip(param_names(fdef), call_args(call), strict=False):
        value = const_int(ctx, arg, func)
        if value is not None and keeps_value(fdef, param):
            out[param] = value
    return out
