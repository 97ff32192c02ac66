"""flawfinder's misc/fopen and misc/open (CWE-362): can another user redirect the file opened (a
link, a file of another type put in its place)? Only a fixed path says where the file is: a path
only root may change (``/etc/...``, ``/proc/...``, ``/dev/null``: ``c_spec.ROOT_OWNED_*``) cannot be
redirected by another user, and a fixed name in a directory every user may write into (``/tmp``)
can be created or linked first. Any other path (from input, relative, elsewhere) depends on who
controls it and its directory: that needs a human look."""

from __future__ import annotations

from tree_sitter import Node

from .c_conditions import all_dead, split_live
from .c_context import Ctx, review
from .c_spec import OPEN_FUNCS, ROOT_OWNED_FILES, ROOT_OWNED_PREFIXES, SHARED_DIRS
from .c_tree import call_args, callee_of, enclosing_function, line_of, on_lines, text
from .c_values import const_string_choices
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
        choices = const_string_choices(ctx, args[i], enclosing_function(call))
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
        shown = " or ".join(f'"{c}"' for c in choices)
        shared = [c for c in choices if c.startswith(SHARED_DIRS) and ".." not in c]
        if shared:
            return Outcome(
                "TRUE_POSITIVE",
                0.6,
                "fixed name in a shared directory",
                f'{name}() at line {line_of(call)} opens the fixed name "{shared[0]}" in a directory every '
                "user may write into: another user can create that file, or a link under its name, first.",
                [ctx.note(call, f'opens "{shared[0]}", a name any user can take first', "sink")],
            )
        if any(
            ".." in c or not (c in ROOT_OWNED_FILES or c.startswith(ROOT_OWNED_PREFIXES)) for c in choices
        ):
            return Outcome(
                "NEEDS_REVIEW",
                0.3,
                "directory owner not known",
                f"{name}() at line {line_of(call)} opens the fixed path {shown}: whether other users may "
                "write into its directory is not known here.",
                [ctx.note(call, f"opens {shown}", "sink")],
            )
        notes.append(ctx.note(args[i], f"{shown} is a fixed path only root may change", "constant"))
        opened.append(shown)
    paths = ", ".join(opened)
    return Outcome(
        "FALSE_POSITIVE",
        0.8,
        "fixed system path",
        f"Every file opened here is a fixed path in a system location only root may change ({paths}): "
        "no other user can link or replace it.",
        [*notes, *dead],
    )
