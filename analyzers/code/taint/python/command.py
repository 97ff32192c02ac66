"""Argument vectors: a program run without a shell takes its arguments as data, unless the program is
itself a shell given its command option (``sh -c``). Which sinks take a vector, and where, is in the
models (``vector = {...}`` on a sink; ``shells`` and ``shell_flags`` of the family)."""

from __future__ import annotations

import posixpath
from dataclasses import replace

from tree_sitter import Node

from ..values import CLEAN, Note, Origin, Val, join, join_all
from .results import Hit
from .spec import ArgSpec, PyFamily, Sink, Vector


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


def _first_word(v: Val) -> Val:
    """The program a command line starts with: its first word, when the line's start is known."""
    possible = v.possible()
    if possible and all(isinstance(c, str) for c in possible):
        words = {c.split()[0] for c in possible if c.split()}
        return Val(const=next(iter(words))) if len(words) == 1 else Val(choices=frozenset(words))
    lead = v.lead()
    if (lead.strip() and lead != lead.rstrip()) or len(lead.split()) > 1:
        return Val(const=lead.split()[0])
    return v


def _program(sink: Sink, hit: Hit) -> Val:
    """The program a process-starting call names (its vector's first element, or a command line's
    first word)."""
    vec = sink.vector
    if vec is not None and vec.source == "argument":
        args = arg_value(hit, vec.argument) or CLEAN
        shell = hit.kwargs.get(vec.shell_keyword) if vec.shell_keyword else None
        if shell is not None and shell.const is not False and shell.const is not None and shell.const != 0:
            return _first_word(args)
        if args.fields is not None and args.fields and args.fields[0][0] == 0:
            return args.fields[0][1]
        return args if isinstance(args.const, str) or args.choices else args.element()
    if vec is not None:
        rest = hit.args[vec.start :]
        first = rest[0] if rest else CLEAN
        if vec.flatten and first.fields is not None and first.fields:
            return first.fields[0][1]
        return first
    whole = next((v for a in sink.args if (v := arg_value(hit, a)) is not None), CLEAN)
    return _first_word(whole)


def _absolute(name: str) -> bool:
    return name.startswith(("/", "\\\\")) or (len(name) > 2 and name[1] == ":" and name[2] in "\\/")


def lookup_value(path: str, node: Node, sink: Sink, hit: Hit) -> Val:
    """How a call finds its program (bandit B607, CWE-426): a name without a directory is looked up in
    PATH. That is a weakness only where input chooses the name or the environment the lookup uses;
    a constant name looked up in the PATH the process was started with is the deployment's choice."""
    program = _program(sink, hit)
    line = node.start_point[0] + 1
    if program.tainted:
        why = "the program's name is not a constant: input may choose what is run"
        return program.with_step(_note(path, node, why, "step"))
    names = program.possible()
    if not names or not all(isinstance(n, str) for n in names):
        what = "the program's name (not a known constant), looked up in PATH"
        return Val(origins=frozenset({Origin("unknown", what, path, line)}))
    shown = ", ".join(sorted(repr(n) for n in names))
    if all(_absolute(n) for n in names):
        why = f"the program is named by its absolute path ({shown}): it is not looked up in PATH"
        return Val().with_note(_note(path, node, why, "safe_variant"))
    env = hit.kwargs.get("env")
    if env is not None and env.tainted:
        why = f"the environment (env=) the program {shown} is looked up with may come from input"
        return env.with_step(_note(path, node, why, "step"))
    how = "the environment it is given (env=)" if env is not None else "the environment it inherits"
    why = (
        f"the program {shown} is a constant name looked up in PATH; the claim is about that lookup, and "
        f"no input reaches the name or {how}: the PATH is the deployment's, not an attacker's"
    )
    return Val().with_note(_note(path, node, why, "safe_variant"))
