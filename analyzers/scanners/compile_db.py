"""A workspace's compilation database (``compile_commands.json``): the flags gcc gets for one file.

    flags = compile_flags(workspace, "src/store.c")   # None: no database, or no entry for the file

The database is looked for at the workspace root, then in ``build/`` (where CMake, Meson and Bear
write it). It is read with the json module and never run: the workspace is untrusted, and a compile
command could smuggle ``-o``, ``-fplugin``, ``-wrapper``, ``-B``, ``-specs`` or an ``@file``. Only
flags of four kinds are taken, and rewritten into one joined, canonical argument each:

- include directories ``-I``, ``-isystem``, ``-iquote``, ``-idirafter`` (absolute: relative ones are
  resolved against the entry's ``directory``, as the compiler would);
- macros ``-D NAME[=VALUE]`` / ``-U NAME`` (NAME an identifier, or a function-like macro's head);
- the C standard ``-std=`` (the spellings gcc 10+ knows; ``c23`` is passed as ``c2x`` for older gcc);
- forced includes ``-include FILE`` (a regular file).

Everything else (optimisation, warnings, machine flags, output, plugins, response files) is dropped.
The database is parsed once per change of the file (size and modification time).
"""

from __future__ import annotations

import functools
import json
import logging
import os
import re
import shlex
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)

PLACES = ("compile_commands.json", "build/compile_commands.json")
MAX_BYTES = 128 * 1024 * 1024  # a kernel-sized database is ~30 MB; beyond this it is not read

_INCLUDE_DIRS = ("-isystem", "-iquote", "-idirafter", "-I")  # longest first: "-isystem" is not "-I" "system"
_MACRO = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\([A-Za-z0-9_,. ]*\))?")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_STANDARDS = frozenset(
    [f"{p}{v}" for p in ("c", "gnu") for v in ("89", "90", "99", "9x", "11", "1x", "17", "18", "2x")]
    + [f"iso9899:{v}" for v in ("1990", "199409", "1999", "199x", "2011", "2017", "2018")]
)
_NEWER = {"c23": "c2x", "gnu23": "gnu2x", "c2y": "c2x", "gnu2y": "gnu2x"}  # gcc < 14 spells C23 "c2x"


@dataclass(frozen=True)
class Database:
    """One parsed ``compile_commands.json``: normalized source path -> the flags taken for it."""

    path: Path
    flags: dict[str, tuple[str, ...]]
    dropped: int  # arguments not taken (not an include, macro, standard or forced include)


def find(workspace: Path) -> Path | None:
    for place in PLACES:
        candidate = workspace / place
        if candidate.is_file():
            return candidate
    return None


def compile_flags(workspace: Path, rel: str) -> tuple[str, ...] | None:
    """The flags taken from the workspace's database for ``rel`` (a workspace-relative C file), or None
    when there is no readable database or it has no entry for the file."""
    db = load(workspace)
    if db is None:
        return None
    full = workspace / rel
    for key in (os.path.normpath(full.absolute()), os.path.normpath(full.resolve())):
        if key in db.flags:
            return db.flags[key]
    return None


def load(workspace: Path) -> Database | None:
    path = find(workspace)
    if path is None:
        return None
    try:
        st = path.stat()
    except OSError:
        return None
    return _parse(str(path.absolute()), st.st_size, st.st_mtime_ns)


@functools.lru_cache(maxsize=8)
def _parse(path: str, size: int, mtime_ns: int) -> Database | None:
    del mtime_ns  # part of the cache key: a rewritten database is parsed again
    if size > MAX_BYTES:
        log.warning("%s: %d bytes, over %d: not read", path, size, MAX_BYTES)
        return None
    try:
        with open(path, "rb") as fh:
            doc = json.load(fh)
    except (OSError, ValueError) as exc:
        log.warning("%s: not read: %s", path, exc)
        return None
    if not isinstance(doc, list):
        log.warning("%s: not a JSON array of compile commands: not used", path)
        return None
    base = os.path.dirname(path)
    flags: dict[str, tuple[str, ...]] = {}
    dropped = 0
    for entry in doc:
        got = _entry(entry, base)
        if got is None:
            continue
        source, directory, args = got
        taken, refused = sanitize(args, directory)
        dropped += refused
        flags.setdefault(source, tuple(taken))  # a file compiled twice: its first command, as clangd does
    log.info(
        "%s: flags for %d files; %d other arguments not taken (only -I, -isystem, -iquote, -idirafter, "
        "-D, -U, -std= and -include are)",
        path,
        len(flags),
        dropped,
    )
    return Database(Path(path), flags, dropped)


def _directory(entry: dict[str, object], base: str) -> str:
    d = entry.get("directory")
    return os.path.normpath(os.path.join(base, d)) if isinstance(d, str) and d else base


def _entry(entry: object, base: str) -> tuple[str, str, list[str]] | None:
    """(the source's normalized path, the command's directory, its arguments without the compiler)."""
    if not isinstance(entry, dict):
        return None
    file = entry.get("file")
    if not isinstance(file, str) or not file:
        return None
    args = entry.get("arguments")
    if isinstance(args, list) and all(isinstance(a, str) for a in args):
        argv = list(args)
    elif isinstance(entry.get("command"), str):
        try:
            argv = shlex.split(str(entry["command"]))
        except ValueError:
            return None
    else:
        return None
    directory = _directory(entry, base)
    return os.path.normpath(os.path.join(directory, file)), directory, argv[1:]  # argv[0]: never run


def sanitize(args: Sequence[str], directory: str) -> tuple[list[str], int]:
    """The include, macro, standard and forced-include flags of ``args`` (a compile command without the
    compiler), each as one joined argument, and how many arguments were not taken."""
    taken: list[str] = []
    i = refused = 0
    while i < len(args):
        kind, value, used = _split(args[i], args[i + 1] if i + 1 < len(args) else None)
        flag = _canonical(kind, value, directory) if kind else ""
        if flag:
            taken.append(flag)
        else:
            refused += used
        i += used
    return taken, refused


def _split(arg: str, following: str | None) -> tuple[str, str, int]:
    """(flag kind, its value, arguments used) of a flag that takes a value joined or separate."""
    for kind in (*_INCLUDE_DIRS, "-include", "-D", "-U"):
        if arg == kind:
            return (kind, following, 2) if following is not None else ("", "", 1)
        # joined: -Iinclude, -DNAME=1 (a joined "-include" is not read: "-includefoo.h" is rare)
        if arg.startswith(kind) and kind != "-include":
            return kind, arg[len(kind) :], 1
    for prefix in ("-std=", "--std="):
        if arg.startswith(prefix):
            return "-std=", arg[len(prefix) :], 1
    return "", "", 1


def _canonical(kind: str, value: str, directory: str) -> str:
    if kind in _INCLUDE_DIRS:
        return f"{kind}{os.path.normpath(os.path.join(directory, value))}" if value else ""
    if kind == "-include":
        path = os.path.normpath(os.path.join(directory, value)) if value else ""
        return f"-include{path}" if path and os.path.isfile(path) else ""
    if kind == "-D":
        name, _eq, _rest = value.partition("=")
        return f"-D{value}" if _MACRO.fullmatch(name) else ""
    if kind == "-U":
        return f"-U{value}" if _NAME.fullmatch(value) else ""
    std = _NEWER.get(value, value)
    return f"-std={std}" if std in _STANDARDS else ""
