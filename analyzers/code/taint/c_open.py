"""flawfinder's misc/fopen and misc/open (CWE-362): can another user redirect the file opened (a
link, a file of another type put in its place)? Only a fixed path says where the file is: a path
only root may change (``/etc/...``, ``/proc/...``, ``/dev/null``: ``c_spec.ROOT_OWNED_*``) cannot be
redirected by another user, and a fixed name in a directory every user may write into (``/tmp``)
can be created or linked first.

A path the person who runs the program names (a program argument, or a relative name, which opens in
the directory they run it in), opened by a program that neither changes nor inspects the rights it
runs with (no ``setuid()``, ``geteuid()``...: ``c_spec.PRIVILEGE_FUNCS``) and checks no path before
opening one (``access()``, ``stat()``...: ``c_spec.PATH_CHECKS``), is opened with that person's own
rights: there is no check-then-open window, and no right another user could borrow by redirecting it.
Any other path (from a file, the network, the environment, a library's caller, elsewhere) depends on
who controls it and its directory: that needs a human look."""

from __future__ import annotations

from tree_sitter import Node

from .c_argv import argv_stored
from .c_callers import entry_arguments
from .c_conditions import all_dead, split_live
from .c_context import Ctx, review
from .c_spec import (
    NULL_SPELLINGS,
    OPEN_FUNCS,
    OPTION_PARSERS,
    PATH_CHECKS,
    PRIVILEGE_FUNCS,
    ROOT_OWNED_FILES,
    ROOT_OWNED_PREFIXES,
    SHARED_DIRS,
)
from .c_tree import (
    call_args,
    callee_of,
    enclosing_function,
    func_name,
    line_of,
    on_lines,
    param_names,
    plain_definitions,
    strip_expr,
    stripped_text,
    text,
    walk,
)
from .c_values import const_string_choices, declared_in, literal_string
from .outcome import Outcome
from .values import Note


def judge_open(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
    calls = [c for c in on_lines(root, lo, hi, {"call_expression"}) if callee_of(c) in OPEN_FUNCS]
    if not calls:
        return review("call that opens a file", ctx.path, lo)
    live, dead = split_live(ctx, calls)
    if not live:
        return all_dead(ctx, calls, dead)
    notes: list[Note] = []
    opened: list[str] = []
    for call in live:
        name = callee_of(call)
        args = call_args(call)
        i = OPEN_FUNCS[name]
        if i >= len(args):
            return review("call that opens a file", ctx.path, lo)
        func = enclosing_function(call)
        choices = const_string_choices(ctx, args[i], func)
        shown = " or ".join(f'"{c}"' for c in choices or [])
        shared = [c for c in choices or [] if c.startswith(SHARED_DIRS) and ".." not in c]
        if shared:
            return Outcome(
                "TRUE_POSITIVE",
                0.6,
                "fixed name in a shared directory",
                f'{name}() at line {line_of(call)} opens the fixed name "{shared[0]}" in a directory every '
                "user may write into: another user can create that file, or a link under its name, first.",
                [ctx.note(call, f'opens "{shared[0]}", a name any user can take first', "sink")],
            )
        if choices is not None and all(
            ".." not in c and (c in ROOT_OWNED_FILES or c.startswith(ROOT_OWNED_PREFIXES)) for c in choices
        ):
            notes.append(ctx.note(args[i], f"{shown} is a fixed path only root may change", "constant"))
            opened.append(f"{shown}, a fixed path in a system location only root may change")
            continue
        named = _named_by_user(ctx, args[i], func, 0) if _own_rights(ctx) else None
        if named is not None:
            notes.append(
                ctx.note(args[i], f"`{text(args[i])}` is {named}, opened with the user's own rights", "guard")
            )
            said = f"`{text(args[i])}`"
            opened.append(named if named.endswith(said) else f"{said}, {named}")
            continue
        if choices is None:
            return Outcome(
                "NEEDS_REVIEW",
                0.3,
                "path not fixed",
                f"{name}() at line {line_of(call)} opens `{text(args[i])}`, which is not a fixed path: "
                "whether another user can replace or link it depends on where it comes from and who may "
                "write its directory.",
                [ctx.note(args[i], f"`{text(args[i])}` is not a fixed path", "source")],
            )
        return Outcome(
            "NEEDS_REVIEW",
            0.3,
            "directory owner not known",
            f"{name}() at line {line_of(call)} opens the fixed path {shown}: whether other users may "
            "write into its directory is not known here.",
            [ctx.note(call, f"opens {shown}", "sink")],
        )
    users = any("only root may change" not in o for o in opened)
    why = (
        " The program neither changes nor inspects the rights it runs with, and checks no path before "
        "opening it: the person who names the file opens it with their own rights, and there is no "
        "check-then-open window for another user to race."
        if users
        else " No other user can link or replace them."
    )
    return Outcome(
        "FALSE_POSITIVE",
        0.7 if users else 0.8,
        "path named by the user" if users else "fixed system path",
        "Every file opened here is " + "; ".join(opened) + "." + why,
        [*notes, *dead],
    )


def _own_rights(ctx: Ctx) -> bool:
    """The file is a program's (it defines ``main``) that neither changes nor inspects its rights nor
    checks a path before opening one."""
    root = ctx.parsed.tree.root_node
    has_main = False
    for n in walk(root):
        if n.type == "function_definition" and func_name(n) == "main":
            has_main = True
        elif n.type == "call_expression" and callee_of(n) in PRIVILEGE_FUNCS | PATH_CHECKS:
            return False
    return has_main


def _named_by_user(ctx: Ctx, node: Node, func: Node | None, depth: int) -> str | None:
    """How the person who runs the program names this path: a program argument (``argv[k]`` of an
    unchanged ``argv``), a relative literal name, or a variable or parameter that only ever holds those
    (every definition, every visible call); None when that is not shown."""
    n = strip_expr(node)
    if func is None or depth > _MAX_DEPTH:
        return None
    if n.type == "conditional_expression":
        arms = [n.child_by_field_name("consequence"), n.child_by_field_name("alternative")]
        return _all_named(ctx, [(a, func) for a in arms], depth)
    if n.type in {"string_literal", "concatenated_string"}:
        s = literal_string(text(n))
        if s and not s.startswith(("/", "~")) and ".." not in s.split("/"):
            return f'the relative name "{s}", opened in the directory the program is run in'
        return None
    if n.type == "subscript_expression":
        params = param_names(func)
        base = n.child_by_field_name("argument")
        if (
            func_name(func) == "main"
            and len(params) >= 2
            and base is not None
            and stripped_text(base) == params[1]
            and not argv_stored(func, params[1], steps=True)
        ):
            return f"the program argument `{text(n)}`"
        return None
    if n.type == "field_expression":
        return _member_named(ctx, text(n.child_by_field_name("field") or n), depth)
    if n.type != "identifier":
        return None
    name = text(n)
    if name == "optarg" and not declared_in(func, name) and _calls_getopt(ctx):
        return "the option argument `optarg` (it points into a program argument)"
    if name in param_names(func):
        entries = entry_arguments(ctx, func, name)
        if not entries:
            return None
        return _all_named(ctx.unbound(), [(g, enclosing_function(c)) for g, c in entries], depth)
    if not declared_in(func, name):
        return None
    defs = plain_definitions(func, name)
    if not defs:
        return None
    return _all_named(ctx, [(v, func) for _d, v in defs], depth)


def _calls_getopt(ctx: Ctx) -> bool:
    return any(
        n.type == "call_expression" and ctx.callee(n) in OPTION_PARSERS
        for n in walk(ctx.parsed.tree.root_node)
    )


def _member_named(ctx: Ctx, member: str, depth: int) -> str | None:
    """A struct member (every member of that name in the file) set only to paths the user names, or
    to NULL (nothing is opened then): every assignment ``x.m = v`` / ``x->m = v`` of the file, and no
    initialiser that may set it otherwise (a designated ``.m = v`` must name one too; an initialiser
    list by position holding anything but 0 or NULL is not followed)."""
    root = ctx.parsed.tree.root_node
    values: list[tuple[Node | None, Node | None]] = []
    for n in walk(root):
        if n.type == "assignment_expression":
            left = strip_expr(n.child_by_field_name("left") or n)
            if left.type == "field_expression" and text(left.child_by_field_name("field")) == member:
                value = n.child_by_field_name("right")
                if text(n.child_by_field_name("operator")) != "=" or value is None:
                    return None
                if not _null(value):
                    values.append((value, enclosing_function(n)))
        elif n.type == "initializer_pair":
            designator = stripped_text(n.child_by_field_name("designator")).lstrip(".")
            value = n.child_by_field_name("value")
            if designator == member and value is not None and not _null(value):
                values.append((value, enclosing_function(n)))
        elif (
            n.type == "initializer_list"
            and not any(c.type == "initializer_pair" for c in n.named_children)
            and any(
                not _null(c) and c.type not in {"initializer_list", "number_literal"}
                for c in n.named_children
            )
        ):
            return None  # set by position: which member gets what is not followed
        elif n.type == "pointer_expression" and text(n.child_by_field_name("operator")) == "&":
            target = strip_expr(n.child_by_field_name("argument") or n)
            if target.type == "field_expression" and text(target.child_by_field_name("field")) == member:
                return None  # handed by address: whatever is stored through it is not followed
    if not values:
        return None
    return _all_named(ctx, values, depth)


def _null(value: Node) -> bool:
    return stripped_text(value) in NULL_SPELLINGS


def _all_named(ctx: Ctx, values: list[tuple[Node | None, Node | None]], depth: int) -> str | None:
    got: list[str] = []
    for value, func in values:
        one = _named_by_user(ctx, value, func, depth + 1) if value is not None else None
        if one is None:
            return None
        if one not in got:
            got.append(one)
    return " or ".join(got) if got else None


_MAX_DEPTH = 6
