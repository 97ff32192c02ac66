"""Memory-lifetime findings (gcc -fanalyzer, cppcheck): uninitialised reads (CWE-457), double
free (CWE-415), use after free (CWE-416) and leaks (CWE-401).

Each is judged by the states the variable named by the finding can have at the reported place
(:mod:`.c_states`), on every path the code allows:

- FALSE_POSITIVE only with proof: the place never runs (dead code), or no path reaching it leaves
  the variable in the state the finding claims (assigned on every path, reassigned after the
  free, released before every return);
- TRUE_POSITIVE when some path does;
- NEEDS_REVIEW, with the scanner's own event path summarised, when the code is beyond the
  interpreter (the variable is a field or a global, a backward goto, an unknown callee).
"""

from __future__ import annotations

import re

from tree_sitter import Node

from ...findings.model import Finding
from .c_conditions import dead_condition
from .c_context import Ctx
from .c_flow import backward_goto, unread_after
from .c_loop_filled import loop_filled
from .c_members import filled_by, is_member, path_of, relation, written_path
from .c_split import envs
from .c_states import RELEASERS, State, escapes_of, lost_at_exit, pruned_by, states_at, unknown_why
from .c_tree import (
    aliases_of,
    call_args,
    callee_of,
    enclosing_function,
    idents,
    on_lines,
    strip_expr,
    stripped_text,
    text,
    walk,
)
from .c_values import declared_type
from .c_words import dead_where, needs
from .families import Family
from .outcome import Outcome
from .values import Note

_QUOTED = re.compile(r"[‘'`\"]([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)[’'`\"]")
# quoted names in gcc's messages that are the releasing function, not the variable
_NOT_VARIABLES = frozenset(
    {"free", "realloc", "fclose", "pclose", "closedir", "delete", "delete[]", "munmap"}
)
_CPPCHECK_NAME = re.compile(r"(?:variable|member|leak):\s+([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)(?![\w.>-])", re.I)
_CLAIM = {
    "uninit": "read before it is assigned",
    "double_free": "released twice",
    "use_after_free": "used after it is released",
    "leak": "not released",
}
MAX_EVENTS = 6
_ANY_QUOTED = re.compile(r"‘[^’]+’|'[^']+'")
_IN_FUNCTION = re.compile(r" \[in [^]]+\]$")


def variable_of(finding: Finding) -> str | None:
    """The variable the finding is about: cppcheck's symbol, else the last quoted name of the
    message (gcc: "double-‘free’ of ‘data’"), else cppcheck's "Uninitialized variable: x"."""
    symbols = finding.properties.get("symbols")
    if isinstance(symbols, list) and symbols and isinstance(symbols[0], str):
        name = str(symbols[0])
        return name if re.fullmatch(r"[A-Za-z_]\w*", name) or is_member(name) else None
    quoted = [q for q in _QUOTED.findall(finding.message) if q not in _NOT_VARIABLES]
    if quoted:
        return str(quoted[-1])  # gcc: "double-‘free’ of ‘p’", "pointer ‘p’ may be used after ‘free’"
    m = _CPPCHECK_NAME.search(finding.message)
    return m.group(1) if m else None


def path_summary(finding: Finding) -> str:
    """The scanner's event path in a few words: "(1) line 12: allocated here; (2) ..."."""
    steps = [s for s in finding.trace if s.kind in {"flow", "event"} and s.message]
    if not steps:
        return ""
    shown = steps if len(steps) <= MAX_EVENTS else [*steps[:2], *steps[-(MAX_EVENTS - 2) :]]
    parts = [f"line {s.location.region.start_line}: {_IN_FUNCTION.sub('', s.message)}" for s in shown]
    gap = " ...;" if len(steps) > MAX_EVENTS else ""
    head = "; ".join(parts[:2])
    tail = "; ".join(parts[2:])
    return f" {finding.tool}'s path: {head};{gap} {tail}".rstrip("; ") + "."


def _review(ctx: Ctx, family: Family, why: str) -> Outcome:
    return Outcome(
        "NEEDS_REVIEW",
        0.3,
        "path beyond the offline analyst",
        f"{why}{path_summary(ctx.finding)}",
        [],
    )


def _site(ctx: Ctx, root: Node, family: Family, name: str, lines: tuple[int, int]) -> Node | None:
    """The reported use: the release call (double free), else the first read of ``name`` on the
    lines (the one at the column when there are several)."""
    column = ctx.finding.location.region.start_column
    lo, hi = lines
    if family == "double_free":
        calls = [
            c
            for c in on_lines(root, lo, hi, {"call_expression"})
            if callee_of(c) in RELEASERS | {"realloc"}
            and any(text(strip_expr(a)) == name for a in call_args(c))
        ]
        if calls:
            return calls[0]
    if is_member(name):
        idents = [
            n
            for n in on_lines(root, lo, hi, {"field_expression"})
            if path_of(n) == name and not _member_written(n)
        ]
        at = [n for n in idents if column is not None and n.end_point[1] + 1 >= column]
        return (at or idents)[0] if idents else None
    idents = [n for n in on_lines(root, lo, hi, {"identifier"}) if text(n) == name and not _is_lhs(n)]
    if not idents:
        return None
    if column is not None:
        at = [n for n in idents if n.start_point[1] + 1 >= column]
        if at:
            return at[0]
    return idents[0]


def _is_lhs(ident: Node) -> bool:
    p = ident.parent
    if p is not None and p.type == "assignment_expression" and p.child_by_field_name("left") == ident:
        return text(p.child_by_field_name("operator")) == "="
    return p is not None and p.type in {"init_declarator", "declaration", "pointer_declarator"}


def _member_written(n: Node) -> bool:
    """``s.a`` on the left of a plain ``=``: written, not read."""
    p = n.parent
    while p is not None and p.type == "parenthesized_expression":
        n, p = p, p.parent
    return (
        p is not None
        and p.type == "assignment_expression"
        and p.child_by_field_name("left") == n
        and text(p.child_by_field_name("operator")) == "="
    )


def judge_memory(ctx: Ctx, family: Family, root: Node, lo: int, hi: int) -> Outcome:
    name = variable_of(ctx.finding)
    if name is not None and is_member(name) and family != "uninit":
        return _review(
            ctx,
            family,
            f"The finding is about the struct member `{name}`, which the offline "
            "analyst follows only for uninitialised reads.",
        )
    if name is not None:
        return _judge_variable(ctx, family, root, (lo, hi), name)
    if family == "uninit":
        filled = loop_filled(ctx, root, lo, hi)  # `f[2]` after `for (i = 0; i < 7; i++) f[i] = ...;`
        if filled is not None:
            return filled
    if _ANY_QUOTED.search(ctx.finding.message):
        # it names something that is not a plain variable (a field, an element, a temporary)
        return _review(ctx, family, "The finding names no plain variable the offline analyst can follow.")
    names = _candidates(root, family, lo, hi)
    if not names:
        return _review(ctx, family, f"No variable of this kind was recognised at line {lo}.")
    outcomes = [_judge_variable(ctx, family, root, (lo, hi), n) for n in names]
    for verdict in ("TRUE_POSITIVE", "NEEDS_REVIEW"):
        hit = next((o for o in outcomes if o.verdict == verdict), None)
        if hit is not None:
            return hit
    return outcomes[0]


def _candidates(root: Node, family: Family, lo: int, hi: int) -> list[str]:
    """The variables a finding that names none may be about, from the code on its lines."""
    out: list[str] = []
    calls = on_lines(root, lo, hi, {"call_expression"})
    if family == "double_free":
        out = [stripped_text(a) for c in calls if callee_of(c) in RELEASERS for a in call_args(c)[:1]]
    elif family == "leak":
        out = [
            text(n)
            for c in calls
            if callee_of(c) in {"malloc", "calloc", "realloc", "strdup", "strndup", "fopen"}
            for n in [_assigned_name(c)]
            if n is not None
        ]
    else:
        idents = [n for n in on_lines(root, lo, hi, {"identifier"}) if not _is_lhs(n)]
        func = enclosing_function(idents[0]) if idents else None
        for ident in idents:
            name = text(ident)
            if func is None or name in out:
                continue
            pointer = (declared_type(name, func, root) or "").endswith("*")
            bare = family == "uninit" and _declared_bare(func, name)
            member = _member_of(ident) if family == "uninit" and bare else None
            if member == "":
                continue  # the base of a member the line writes (`s.b = ...`)
            if member is not None:
                out.append(member)  # `s.a` read: the member is the object, not the whole `s`
            elif (family == "use_after_free" and pointer) or bare:
                out.append(name)  # a pointer used on the line; a local declared without a value
    return [n for n in dict.fromkeys(out) if re.fullmatch(r"[A-Za-z_]\w*", n) or is_member(n)]


def _member_of(ident: Node) -> str | None:
    """The outermost member path ``ident`` is the base of (``s`` in ``s.in.y`` → "s.in.y"); ""
    when that member is written there; None when ``ident`` is used as a whole."""
    top = ident
    while top.parent is not None and top.parent.type == "field_expression" and path_of(top.parent):
        top = top.parent
    if top is ident:
        return None
    return "" if _member_written(top) else path_of(top)


def _assigned_name(call: Node) -> Node | None:
    p = call.parent
    while p is not None and p.type in {"cast_expression", "parenthesized_expression"}:
        p = p.parent
    if p is not None and p.type == "assignment_expression":
        left = p.child_by_field_name("left")
        return strip_expr(left) if left is not None and strip_expr(left).type == "identifier" else None
    if p is not None and p.type == "init_declarator":
        d = p.child_by_field_name("declarator")
        while d is not None and d.type == "pointer_declarator":
            d = d.child_by_field_name("declarator")
        return d if d is not None and d.type == "identifier" else None
    return None


def _declared_bare(func: Node, name: str) -> bool:
    """A local declared without an initialiser."""
    for n in walk(func):
        if n.type == "declaration":
            for d in n.named_children:
                if d.type in {"identifier", "pointer_declarator"} and text(d).lstrip("* ") == name:
                    return True
    return False


def _contents_not_followed(
    ctx: Ctx, func: Node | None, name: str, site: Node, states: frozenset[State] | set[State]
) -> str | None:
    """Why "``name`` is assigned" does not answer an uninitialised read at ``site``: ``name`` is a
    local array declared without an initialiser (the array is never assigned as a whole: its
    elements are, or not), or the line reads through ``name`` (``name[i]``, ``*name``,
    ``name->f``) while it may point into such an array or hold newly allocated memory, whose
    contents are not followed.
    None when the states of ``name`` itself answer the claim."""
    line = site.start_point[0] + 1
    decl = _bare_array(func, name) if func is not None else None
    if decl is not None:
        return (
            f"`{name}` is an array declared without an initialiser (line {decl}): line {line} reads it, "
            "and which of its elements are written before is not followed."
        )
    if func is not None and _read_through(site):
        from .c_objects import points_to

        into = [t.obj for t in points_to(ctx, site, func) or [] if _bare_array(func, t.obj) is not None]
        if into:
            return (
                f"Line {line} reads through `{name}`, which points into `{into[0]}`, an array declared "
                f"without an initialiser (line {_bare_array(func, into[0])}): which of its elements are "
                "written before is not followed."
            )
    if "heap" in states and _read_through(site):
        return (
            f"Line {line} reads through `{name}`, which may hold newly allocated memory: the pointer is "
            "assigned, but whether the element read was written is not followed."
        )
    return None


def _bare_array(func: Node, name: str) -> int | None:
    """The line of ``name``'s declaration when the function declares it as an array with no
    initialiser and no ``static`` (its elements start with indeterminate values)."""
    for n in walk(func):
        if n.type != "declaration" or any(
            c.type == "storage_class_specifier" and text(c) in {"static", "extern"} for c in n.children
        ):
            continue
        for d in n.children_by_field_name("declarator"):
            cur: Node | None = d
            while cur is not None and cur.type == "array_declarator":
                cur = cur.child_by_field_name("declarator")
            if d.type == "array_declarator" and cur is not None and text(cur) == name:
                return n.start_point[0] + 1
    return None


def _read_through(site: Node) -> bool:
    """``site`` (an identifier) is the base of an element or member read: ``p[i]``, ``*p``, ``p->f``."""
    node = site
    while node.parent is not None and node.parent.type == "parenthesized_expression":
        node = node.parent
    p = node.parent
    if p is None:
        return False
    if p.type == "subscript_expression" and p.child_by_field_name("argument") == node:
        return not _stored_into(p)
    if p.type == "pointer_expression" and text(p.child_by_field_name("operator")) == "*":
        return not _stored_into(p)
    return (
        p.type == "field_expression"
        and text(p.child_by_field_name("operator")) == "->"
        and not _stored_into(p)
    )


def _stored_into(element: Node) -> bool:
    """``element`` (``p[i]``, ``*p``, ``p->f``) is the target of a plain ``=``: written, not read."""
    node = element
    while node.parent is not None and node.parent.type == "parenthesized_expression":
        node = node.parent
    parent = node.parent
    return (
        parent is not None
        and parent.type == "assignment_expression"
        and parent.child_by_field_name("left") == node
        and text(parent.child_by_field_name("operator")) == "="
    )


def _judge_variable(ctx: Ctx, family: Family, root: Node, lines: tuple[int, int], name: str) -> Outcome:
    lo, hi = lines
    if family == "leak":
        return _leak(ctx, root, name, lo, hi)
    site = _site(ctx, root, family, name, (lo, hi))
    if site is None:
        return _review(ctx, family, f"No use of `{name}` was recognised at line {lo}.")
    states = states_at(ctx, name, site)
    if states is None:
        return _review(
            ctx,
            family,
            f"The paths to `{name}` at line {lo} are beyond the offline analyst: "
            + (
                unknown_why(ctx, name, site)
                or "a field or global, a backward goto, or a callee it cannot see"
            )
            + ".",
        )
    sink = ctx.note(site, f"`{name}` {_CLAIM[family]}, says {ctx.finding.tool}", "sink")
    if not states:
        return Outcome(
            "FALSE_POSITIVE",
            0.85,
            "dead code",
            _never_runs(ctx, name, site),
            [sink, ctx.note(site, "no path that can run reaches this line", "dead_branch")],
        )
    bad = "uninit" if family == "uninit" else "freed"
    func = enclosing_function(site)
    if bad not in states and "unknown" in states and family != "uninit":
        return _review(
            ctx,
            family,
            f"`{name}` holds a pointer of unknown origin on some path to line {site.start_point[0] + 1} "
            "(loaded from memory, or handed to code the analyst cannot see): it may point to released "
            "memory.",
        )
    if family == "uninit" and "uninit" not in states and "undecided" in states:
        return _review(
            ctx,
            family,
            f"`{name}` may or may not be assigned when line {site.start_point[0] + 1} runs: on some path "
            "only a part of it is assigned, or its address (or its struct's) is handed to code that may "
            "assign it.",
        )
    contents = _contents_not_followed(ctx, func, name, site, states) if family == "uninit" else None
    if bad not in states and contents is not None:
        return _review(ctx, family, contents)
    if bad not in states:
        evidence = [sink, *_assignments(ctx, func, name, site)]
        return Outcome(
            "FALSE_POSITIVE",
            0.8,
            "assigned on every path that can run"
            if family == "uninit"
            else "not released on any path that can run",
            _ruled_out(ctx, family, name, site, evidence),
            evidence,
        )
    contradicted = _contradicted(ctx, name, site, bad)
    if contradicted is not None:
        split, tests = contradicted
        return Outcome(
            "FALSE_POSITIVE",
            0.75,
            "path contradicted by a check",
            f"No path that can run reaches line {site.start_point[0] + 1} with `{name}` {_CLAIM[family]}: "
            f"the branches that lead there test {split} (never changed in the function), and every "
            f"value of it that makes `{name}` {'uninitialised' if family == 'uninit' else 'released'} "
            "skips this line." + path_summary(ctx.finding),
            [sink, *tests, *_releases(ctx, func, name, site, family)],
        )
    if family == "use_after_free":
        dropped = _returned_unused(ctx, site, name)
        if dropped is not None:
            return Outcome(
                "FALSE_POSITIVE",
                0.75,
                "released pointer returned but never used",
                f"`{name}` is released and then returned at line {site.start_point[0] + 1}, but no caller "
                "uses it: every call of the function (which only its own file can call) stores the result "
                "in a local that is never read, freed nor passed on afterwards.",
                [sink, *dropped],
            )
    only = states <= {bad} | ({"null"} if family != "uninit" else set())
    what = "never assigned" if family == "uninit" else "already released"
    return Outcome(
        "TRUE_POSITIVE",
        0.85 if only else 0.7,
        _ON_A_PATH.get(family, f"{family.replace('_', ' ')} on a path"),
        f"`{name}` is {what} when line {site.start_point[0] + 1} runs "
        + ("on every path that reaches it." if only else "on some path that reaches it.")
        + path_summary(ctx.finding),
        [sink, *_releases(ctx, func, name, site, family)],
    )


def _returned_unused(ctx: Ctx, site: Node, name: str) -> list[Note] | None:
    """``return name;``: notes when every visible call of the function (static, its address never
    taken) stores the result in a local of its caller that nothing reads afterwards (outside any loop
    around the call, its address never taken); None otherwise."""
    from .c_callers import visible_calls

    ret = site.parent
    while ret is not None and ret.type in {"parenthesized_expression", "cast_expression"}:
        ret = ret.parent
    func = enclosing_function(site)
    if ret is None or ret.type != "return_statement" or func is None:
        return None
    calls = visible_calls(ctx, func)
    if not calls:
        return None
    notes: list[Note] = []
    for call in calls:
        holder = call.parent
        while holder is not None and holder.type in {"parenthesized_expression", "cast_expression"}:
            holder = holder.parent
        caller = enclosing_function(call)
        if holder is None or caller is None:
            return None
        if holder.type == "assignment_expression" and text(holder.child_by_field_name("operator")) == "=":
            var = stripped_text(holder.child_by_field_name("left"))
        elif holder.type == "init_declarator":
            var = text(holder.child_by_field_name("declarator")).lstrip("* ")
        else:
            return None
        if not var.isidentifier() or not _dead_after(caller, var, holder):
            return None
        notes.append(ctx.note(call, f"the result is stored in `{var}`, never read afterwards", "dead_branch"))
    return notes


def _dead_after(func: Node, var: str, store: Node) -> bool:
    """The local ``var`` of ``func`` is not read after ``store`` (nor its address taken anywhere), and
    no loop encloses ``store`` (a later round could read it before it is assigned again)."""
    body = func.child_by_field_name("body")
    declared = body is not None and any(
        n.type in {"init_declarator", "pointer_declarator", "identifier"}
        and n.parent is not None
        and n.parent.type in {"declaration", "init_declarator", "pointer_declarator"}
        and text(n).lstrip("* ").split("=")[0].strip() == var
        for n in walk(body)
    )
    if not declared or _kept_between_calls(body, var) or backward_goto(func):
        return False
    return unread_after(func, var, store, _is_lhs)


def _kept_between_calls(body: Node | None, var: str) -> bool:
    """A ``static`` local: its value outlives the call and the next call reads it."""
    return body is not None and any(
        n.type == "declaration"
        and any(c.type == "storage_class_specifier" and text(c) == "static" for c in n.children)
        and any(
            text(d).lstrip("* ").split("=")[0].strip() == var for d in n.children_by_field_name("declarator")
        )
        for n in walk(body)
    )


def _contradicted(ctx: Ctx, name: str, site: Node, bad: str) -> tuple[str, list[Note]] | None:
    """The unchanging variables whose tests rule out every path on which ``name`` is ``bad`` at
    ``site`` (run once per value that decides those tests); None when some value lets it through."""
    func = enclosing_function(site)
    if func is None:
        return None
    cases = envs(ctx, func)
    if not cases:
        return None
    for env in cases:
        got = states_at(ctx, name, site, env=env)
        if got is None or bad in got:
            return None
    names = sorted(cases[0])
    tests = [
        ctx.note(cond, f"tests {', '.join(f'`{v}`' for v in names if v in idents(cond))}: unchanged", "guard")
        for n in walk(func)
        if n.type == "if_statement" and (cond := n.child_by_field_name("condition")) is not None
        and idents(cond) & set(names)
    ]  # fmt: skip
    return ", ".join(f"`{v}`" for v in names), tests[:4]


_ON_A_PATH = {
    "uninit": "read before it is assigned",
    "double_free": "released twice",
    "use_after_free": "used after it is released",
}


def _never_runs(ctx: Ctx, name: str, site: Node) -> str:
    """Line N never runs, and which branch makes it so (a condition that folds to the other value)."""
    line = site.start_point[0] + 1
    found = dead_condition(ctx, site)
    where = dead_where(ctx, site, found[0], found[2], enclosing_function(site)) if found is not None else None
    if where is None:
        conds = pruned_by(ctx, name, site, _ANY_STATE)
        if conds:
            where = needs(ctx, "a path to it", conds, enclosing_function(site))
    if where is None:
        return (
            f"Line {line} never runs: every path to it passes a branch whose condition is a constant with "
            "the other value, or ends before it."
        )
    return f"Line {line} never runs: {where}."


_ANY_STATE: frozenset[State] = frozenset({"uninit", "heap", "null", "freed", "value", "unknown", "undecided"})


def _ruled_out(ctx: Ctx, family: Family, name: str, site: Node, evidence: list[Note]) -> str:
    """`x` is assigned (not released) on every path that can reach the line: the branches that never
    run when the other paths pass one, else the assignments the evidence lists."""
    line = site.start_point[0] + 1
    bad: frozenset[State] = frozenset({"uninit", "undecided"} if family == "uninit" else {"freed"})
    conds = pruned_by(ctx, name, site, bad)
    if family == "uninit":
        head = f"`{name}` is assigned on every path that can reach line {line}"
        other = "a path that leaves it unassigned"
    else:
        head = (
            f"`{name}` is not released (or is reassigned after its release) on every path that can "
            f"reach line {line}"
        )
        other = "a path that releases it first"
    if conds:
        return f"{head}: {needs(ctx, other, conds, enclosing_function(site))}."
    assigned = [
        f"`{n.why.split(': ', 1)[1].strip('`')}` at line {n.start_line}"
        for n in evidence
        if n.role == "guard" and ": `" in n.why and n.why.split(": ", 1)[0].endswith("assigned")
    ]
    if family == "uninit" and assigned:
        return f"{head} (assigned by {', '.join(assigned)})."
    return f"{head}."


def _assignments(ctx: Ctx, func: Node | None, name: str, before: Node) -> list[Note]:
    out: list[Note] = []
    base = name.split(".", 1)[0]
    for n in walk(func) if func is not None else []:
        if n.start_byte >= before.start_byte:
            break
        if n.type == "assignment_expression" and stripped_text(n.child_by_field_name("left")) == name:
            out.append(ctx.note(n, f"`{name}` assigned: `{text(n)[:60]}`", "guard"))
        elif n.type == "assignment_expression" and is_member(name):
            got = written_path(n.child_by_field_name("left"))
            if got is not None and not got[1] and relation(got[0], name) == "whole":
                said = f"`{got[0]}` (which holds `{name}`) assigned: `{text(n)[:60]}`"
                out.append(ctx.note(n, said, "guard"))
        elif n.type == "init_declarator" and text(n.child_by_field_name("declarator")).lstrip("*") == base:
            out.append(ctx.note(n, f"`{base}` initialised", "guard"))
        elif n.type == "call_expression" and is_member(name) and func is not None:
            dest = filled_by(n, func)
            if dest is not None and relation(dest, name) in {"same", "whole"}:
                out.append(ctx.note(n, f"`{dest}` filled by {callee_of(n)}() over its whole size", "guard"))
    return out[-3:] or [ctx.note(before, f"the state of `{name}` is ruled out here", "guard")]


def _releases(ctx: Ctx, func: Node | None, name: str, before: Node, family: Family) -> list[Note]:
    if family == "uninit" or func is None:
        return []
    out = [
        ctx.note(n, f"`{name}` released", "step")
        for n in walk(func)
        if n.type == "call_expression"
        and n.start_byte < before.start_byte
        and callee_of(n) in RELEASERS
        and any(text(strip_expr(a)) == name for a in call_args(n))
    ]
    return out[-2:]


def _all_releases(ctx: Ctx, func: Node, name: str) -> list[Note]:
    out = [
        ctx.note(n, f"`{name}` released", "guard")
        for n in walk(func)
        if n.type == "call_expression"
        and callee_of(n) in RELEASERS
        and any(text(strip_expr(a)) == name for a in call_args(n))
    ]
    return out[:3] or [ctx.note(func, f"`{name}` never holds memory that outlives the function", "guard")]


def _leak(ctx: Ctx, root: Node, name: str, lo: int, hi: int) -> Outcome:
    func = next(
        (
            f
            for f in root.named_children
            if f.type == "function_definition" and f.start_point[0] + 1 <= lo <= f.end_point[0] + 1
        ),
        None,
    )
    if func is None:
        return _review(ctx, "leak", f"No function encloses line {lo}.")
    got = lost_at_exit(ctx, name, func)
    if got is None:
        return _review(ctx, "leak", f"The lifetime of `{name}` is beyond the offline analyst.")
    states, escaped, lost = got
    copies = sorted(aliases_of(func, name) - {name})
    if escaped is False and copies:
        escaped = True  # copied to another name: that copy may keep or release it
    allocs = [
        n for n in walk(func) if n.type == "call_expression" and n.parent is not None and _assigns(n, name)
    ]
    if escaped:
        ways = escapes_of(ctx, name, func) or [f"copied to {', '.join(f'`{c}`' for c in copies)}"]
        return _review(
            ctx,
            "leak",
            f"`{name}` is {'; '.join(ways[:3])}: the analyst does not follow it there, so its memory may "
            "still be released elsewhere.",
        )
    sink = ctx.note(allocs[0] if allocs else func, f"memory held by `{name}`", "sink")
    if "heap" in states or lost:
        where = (
            f"overwritten at line {lost[0].start_point[0] + 1} while it holds memory"
            if lost
            else "returned from the function while it holds memory on some path"
        )
        every = states <= {"heap", "null"} and not lost
        return Outcome(
            "TRUE_POSITIVE",
            0.85 if every or lost else 0.7,
            "memory not released",
            f"`{name}` is {where}, and nothing else keeps it: the memory leaks." + path_summary(ctx.finding),
            [sink, *(ctx.note(x, f"`{name}` overwritten", "step") for x in lost[:1])],
        )
    return Outcome(
        "FALSE_POSITIVE",
        0.8,
        "released on every path",
        f"`{name}` is released (or never holds memory) on every path out of "
        f"{text(func.child_by_field_name('declarator')).split('(')[0]}(), and is never overwritten "
        "while it holds memory.",
        [sink, *_all_releases(ctx, func, name)],
    )


def _assigns(call: Node, name: str) -> bool:
    p = call.parent
    while p is not None and p.type in {"cast_expression", "parenthesized_expression"}:
        p = p.parent
    if p is None:
        return False
    if p.type == "assignment_expression":
        return stripped_text(p.child_by_field_name("left")) == name
    if p.type == "init_declarator":
        return text(p.child_by_field_name("declarator")).lstrip("* ") == name
    return False
