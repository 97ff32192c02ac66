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
    """An argument vector run without a shell: only the program can inject a command, unless the
    program is itself a shell given its command option."""
    if not argv:
        return CLEAN
    program = argv[0]
    rest = argv[2:] if skip_argv0 else argv[1:]
    prog_name = program.const if isinstance(program.const, str) else None
    if prog_name is not None and posixpath.basename(prog_name).lower() in fam.shells:
        flags = {v.const for v in rest if isinstance(v.const, str)}
        if flags & fam.shell_flags or not exact:
            return join_all(argv if whole is None else [*argv, whole])
    if not exact and whole is not None and program.tainted:
        return whole
    if program.tainted:
        return program
    return replace(program, origins=frozenset()).with_note(
        _note(
            path, node, "argument list run without a shell: arguments cannot inject commands", "safe_variant"
        )
    )
