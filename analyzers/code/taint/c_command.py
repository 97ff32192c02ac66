"""CWE-78: command execution whose arguments are built only from literals and numbers."""

from __future__ import annotations

from tree_sitter import Node

from .c_conditions import all_dead, split_live
from .c_context import Ctx, review
from .c_exec import fixed_program
from .c_provenance import clean_text, const_array, wrapped_params
from .c_spec import COMMAND_FUNCS
from .c_tree import call_args, callee_of, enclosing_function, line_of, on_lines, strip_expr, text
from .outcome import Outcome
from .values import Note


def judge_command(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
    sites: list[tuple[Node, list[Node], str, Ctx]] = []
    for call in on_lines(root, lo, hi, {"call_expression"}):
        name = callee_of(call)
        args = call_args(call)
        if name in COMMAND_FUNCS:
            idxs = COMMAND_FUNCS[name] or tuple(range(len(args)))
            sites.append((call, [args[i] for i in idxs if i < len(args)], f"{name}()", ctx))
            continue
        wrapped = wrapped_params(ctx, call, COMMAND_FUNCS) if name else None
        if wrapped is not None:
            sites.append(
                (
                    call,
                    [args[i] for i in wrapped[0] if i < len(args)],
                    f"{name}() (runs it as a command)",
                    ctx,
                )
            )
    if not sites:
        return review("command execution call", ctx.path, lo)
    live, dead = split_live(ctx, [c for c, _, _, _ in sites])
    if not live:
        return all_dead(ctx, [c for c, _, _, _ in sites], dead)
    probes = [c for c in live if callee_of(c) == "system" and _null_command(c)]
    if probes and len(probes) == len(live):
        return Outcome(
            "FALSE_POSITIVE",
            0.9,
            "no command run",
            " ".join(
                f"system(NULL) at line {line_of(c)} only asks whether a shell is available; it runs "
                "no command."
                for c in probes
            ),
            [ctx.note(c, "system(NULL) runs no command", "constant") for c in probes],
        )
    notes: list[Note] = []
    no_shell: list[str] = []  # exec calls of a fixed program whose words come from input, checked
    for call, args, what, _ in sites:
        if call not in live:
            continue
        func = enclosing_function(call)
        sink = ctx.note(call, f"{what} runs a command", "sink")
        notes.append(sink)
        fixed = fixed_program(ctx, call, func)
        if fixed is not None:
            notes.extend(fixed[1])
            no_shell.append(f"{what} at line {line_of(call)} runs the fixed program `{fixed[0]}`")
            continue
        for a0 in args:
            a = strip_expr(a0)
            if a.type in {"null", "number_literal"} or text(a) in {"NULL", "0"}:
                if callee_of(call) == "system":
                    notes.append(
                        ctx.note(
                            a,
                            "system(NULL) only asks whether a shell is available: it runs no command",
                            "constant",
                        )
                    )
                continue
            if (
                a.type == "identifier"
                and callee_of(call).startswith(("execv", "posix_spawn"))
                and const_array(ctx, a, func)
            ):
                notes.append(ctx.note(a, f"`{text(a)}` holds only literals", "constant"))
                continue
            ok, note = clean_text(ctx, a, func)
            if ok is not True:
                evidence = [
                    sink,
                    *(
                        [note]
                        if note is not None
                        else [ctx.note(a, f"`{text(a)}` is not a constant", "source")]
                    ),
                ]
                return Outcome(
                    "TRUE_POSITIVE",
                    0.8 if ok is False else 0.6,
                    "command built from input" if ok is False else "command is not a constant",
                    f"Argument `{text(a)}` of {what} at line {line_of(call)} "
                    + ("carries outside input." if ok is False else "is not known to be constant."),
                    evidence,
                )
            if note is not None:
                notes.append(note)
    if no_shell:
        return Outcome(
            "FALSE_POSITIVE",
            0.8,
            "fixed program without a shell",
            "; ".join(no_shell) + " without a shell: no shell splits or interprets its words, the "
            "program does not run its arguments as commands, and no word from input can be read as an "
            "option (each follows `--` or is checked not to start with `-`).",
            notes,
        )
    return Outcome(
        "FALSE_POSITIVE",
        0.9,
        "command built from constants",
        "The command is built only from literals and numbers; no input reaches it.",
        notes,
    )


def _null_command(call: Node) -> bool:
    args = call_args(call)
    return len(args) == 1 and (
        strip_expr(args[0]).type == "null" or text(strip_expr(args[0])) in {"NULL", "0"}
    )
