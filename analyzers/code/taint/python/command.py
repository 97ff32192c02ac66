"""Argument vectors: a program run without a shell takes its arguments as data, unless the program is
itself a shell given its command option (``sh -c``). Which sinks take a vector, and where, is in the
models (``vector = {...}`` on a sink; ``shells`` and ``shell_flags`` of the family)."""

from __future__ import annotations

import posixpath
from dataclasses import replace

from tree_sitter import Node

from ..values import CLEAN, Note, Val, join, join_all
from .results import Hit
from .spec import ArgSpec, PyFamily, Vector


def arg_value(hit: Hit, a: ArgSpec) -> Val | None:
    """The value passed for ``a`` (keyword first, then position, then whatever ``*``/``**`` splats carry)."""
    pos, kw = a
    if kw and kw in hit.kwargs:
        return hit.kwargs[kw]
    if pos == -1:
        return hit.receiver
    if 0 <= pos < len(hit.args):
        return hit.args[pos]
    if "*" in hit.kwargs or "**" in hit.kwargs:
        return join(hit.kwargs.get("*", CLEAN), hit.kwargs.get("**", CLEAN))
    return None


def _note(path: str, node: Node, why: str, role: str) -> Note:
    return Note(path, node.start_point[0] + 1, node.end_point[0] + 1, why, role)  # type: ignore[arg-type]


def vector_value(path: str, node: Node, vec: Vector, hit: Hit, fam: PyFamily) -> Val:
    """The part of a program-running call an attacker must control to inject a command."""
    if vec.source == "argument":
        args = arg_value(hit, vec.argument) or CLEAN
        shell = hit.kwargs.get(vec.shell_keyword) if vec.shell_keyword else None
        if shell is not None and (shell.const is not False and shell.const is not None and shell.const != 0):
            return args  # the whole command line goes through a shell
        if args.fields is not None and args.exact:
            return argv_value(path, node, [v for _, v in args.fields], fam, exact=True)
        if args.fields is not None and not args.exact and args.fields:
            first = args.fields[0][1] if args.fields[0][0] == 0 else None
            if first is not None and not first.tainted:
                return argv_value(path, node, [v for _, v in args.fields], fam, exact=False, whole=args)
        return args
    if not vec.flatten:
        return argv_value(path, node, hit.args[vec.start :], fam, exact=True, skip_argv0=vec.skips_argv0)
    rest: list[Val] = []
    for v in hit.args[vec.start :]:
        if v.fields is not None and v.exact:
            rest.extend(fv for _, fv in v.fields)
        else:
            rest.append(v)
    return argv_value(path, node, rest, fam, exact=True, skip_argv0=vec.skips_argv0)


def program_names(program: Val) -> frozenset[str] | None:
    """The programs a vector's first element may name (basenames, lower case, without ``.exe``);
    None when it is not one of known constants."""
    possible = program.possible()
    if not possible or not all(isinstance(p, str | bytes) for p in possible):
        return None
    out: set[str] = set()
    for p in possible:
        name = posixpath.basename(
            (p.decode("utf-8", "replace") if isinstance(p, bytes) else p).replace("\\", "/")
        )
        name = name.lower()
        out.add(name)
        if name.endswith(".exe"):
            out.add(name[:-4])
    return frozenset(out)


def may_start_with_dash(v: Val) -> bool:
    """Whether a value may begin with ``-`` (and so be read as an option by the program)."""
    if v.flags & {"absolute", "no_dash"}:
        return False
    possible = v.possible()
    if possible is not None:
        return any(not isinstance(c, str) or c.startswith("-") for c in possible) if possible else False
    lead = v.lead()
    return not lead or lead.startswith("-")


def _elements(argv: list[Val], exact: bool, whole: Val | None) -> list[tuple[int, Val]]:
    """The tainted elements of a vector with their positions (-1: somewhere, position unknown)."""
    out = [(i, v) for i, v in enumerate(argv) if v.tainted]
    if not exact and whole is not None:
        known = frozenset().union(*(v.origins for v in argv)) if argv else frozenset()
        extra = whole.origins - known
        if extra:
            out.append((-1, Val(origins=extra, steps=whole.steps)))
    return out


def argv_value(
    path: str,
    node: Node,
    argv: list[Val],
    fam: PyFamily,
    *,
    exact: bool = True,
    whole: Val | None = None,
    skip_argv0: bool = False,
) -> Val:
    """An argument vector run without a shell. Its program decides what an attacker-controlled element
    can do: a shell given its command option (``sh -c``) runs it as a command line; a program that runs
    its arguments as a command (``env``, ``sudo``, ``xargs``, ``ssh``) runs it; a program whose options
    run commands or write files (``git``, ``hg``, ``curl``, ``tar``, ``find``) reads it as an option
    when it can start with ``-`` and is not after ``--`` (option injection). Otherwise it is data."""
    if not argv:
        return CLEAN
    program = argv[0]
    first = 2 if skip_argv0 else 1
    if program.tainted:
        return whole if (not exact and whole is not None) else program
    names = program_names(program)
    rest = argv[first:]
    consts = {c for v in rest for c in (v.possible() or ()) if isinstance(c, str)}
    shell = names is None or bool(names & fam.shells)
    if shell and (consts & fam.shell_flags or (not exact and names is not None)):
        return join_all(argv if whole is None else [*argv, whole])
    tainted = [(i, v) for i, v in _elements(argv, exact, whole) if i != 0 and (i < 0 or i >= first)]
    shown = "/".join(sorted(n for n in names if not n.endswith(".exe"))) if names else "the program"
    if tainted and (names is None or names & fam.command_programs):
        what = (
            "the program is not a known constant: its arguments may be run as a command"
            if names is None
            else f"{shown} runs its arguments as a command"
        )
        return join_all([v.with_step(_note(path, node, what, "step")) for _, v in tainted])
    if tainted and names is not None and names & fam.option_programs:
        ends = [i for i, v in enumerate(argv) if exact and i >= first and v.is_const and v.const == "--"]
        risky = [v for i, v in tainted if i < 0 or ((not ends or i < ends[0]) and may_start_with_dash(v))]
        if risky:
            why = f"may start with '-': {shown} reads it as an option (option injection; no '--' before it)"
            return join_all([v.with_step(_note(path, node, why, "step")) for v in risky])
    if not tainted:
        return join_all([replace(v, fields=None, exact=False) for v in argv])
    if names is not None and names & fam.option_programs:
        why = (
            f"argument list run without a shell: arguments cannot inject commands, and {shown} cannot read "
            "them as options (after '--' or not starting with '-')"
        )
    else:
        why = (
            f"argument list run without a shell: arguments cannot inject commands, and {shown} is not a "
            "program whose options or arguments run commands"
        )
    out = replace(program, origins=frozenset())
    for _, v in tainted:
        for n in v.notes:
            out = out.with_note(n)
    return out.with_note(_note(path, node, why, "safe_variant"))
