"""gcc's static analyzer (``-fanalyzer``, gcc >= 10) with its JSON diagnostics.

Each target is compiled on its own (the analyzer works per translation unit), to no output file.
Its include, macro, standard and forced-include flags come from the workspace's
``compile_commands.json`` when it has an entry for the file (:mod:`.compile_db`: read, never run);
otherwise the workspace and the file's folder are on the include path. The diagnostics of every
unit that compiles are appended to the report (one JSON array a line, read as JSON Lines).

A unit that does not compile (a missing header, a syntax error) is not analysed by gcc at all: its
diagnostics are compiler errors, not findings, and it is reported as one problem line instead, with
gcc's first error. gcc on PATH that is clang or older than 10 cannot run ``-fanalyzer``: the scanner
is then unavailable, like a missing gcc.
"""

from __future__ import annotations

import functools
import json
import os
import re
import shlex
import subprocess
from pathlib import Path

from ..config import Config
from . import compile_db
from .base import Invocation, ScannerUnavailable, ToolMissing, which

MIN_MAJOR = 10  # the first gcc with -fanalyzer
ANALYZE = ("-fanalyzer", "-fdiagnostics-format=json", "-Wall", "-Wextra")
_ERRORS = ("error", "fatal error", "sorry, unimplemented", "ice")


def command(targets: list[str], workspace: Path, config: Config, tmp: Path) -> Invocation:
    del config
    binary = which("gcc", "gcc")
    unusable = _unusable(binary, _mtime(binary))
    if unusable:
        raise ToolMissing(unusable)
    sh = which("sh", "a POSIX shell")
    files = [t for t in targets if t.endswith((".c", ".h"))]
    if not files:
        dirs = [t for t in targets if (workspace / t).is_dir()]
        files = [
            str(p.relative_to(workspace).as_posix())
            for d in dirs
            for p in sorted((workspace / d).rglob("*.c"))
            if ".git" not in p.parts
        ]
    if not files:
        raise ScannerUnavailable("no C files to analyse")
    out = tmp / "gcc.json"
    out.write_text("")
    units: list[Unit] = []
    lines: list[str] = []
    shown: list[str] = []
    database = compile_db.find(workspace)
    for n, rel in enumerate(files):
        flags = compile_db.compile_flags(workspace, rel) if database is not None else None
        unit = Unit(rel, tmp / f"unit-{n}.json", flags, database.relative_to(workspace) if database else None)
        argv = [binary, *ANALYZE, *unit.flags, "-c", rel, "-o", os.devnull]  # rel: never "-...": see base
        # the unit's diagnostics go to the report only when it compiled; otherwise it is marked failed
        err, report = shlex.quote(str(unit.output)), shlex.quote(str(out))
        lines.append(
            f"if {shlex.join(argv)} 2>{err}; then cat {err} >>{report}; printf '\\n' >>{report}; "
            f"else : >{shlex.quote(str(unit.failed))}; fi"
        )
        units.append(unit)
        shown += [*([";"] if shown else []), *argv]
    script = tmp / "gcc.sh"  # a file, not `sh -c`: one argument of the command line is limited to 128 KB
    script.write_text("\n".join([*lines, "exit 0", ""]))
    return Invocation(
        [sh, str(script)],
        "gcc-json",
        output_file=out,
        env={"LC_ALL": "C", "GCC_COLORS": ""},
        problems=functools.partial(_not_compiled, units),
        shown=tuple(shown),
    )


class Unit:
    """One translation unit: its file, where gcc's diagnostics go, and the flags it is compiled with."""

    def __init__(
        self, rel: str, output: Path, database_flags: tuple[str, ...] | None, database: Path | None
    ) -> None:
        self.rel = rel
        self.output = output
        self.failed = output.with_suffix(".failed")
        self.database = database
        self.from_database = database_flags is not None
        folder = os.path.dirname(rel) or "."
        self.flags = database_flags if database_flags is not None else ("-I.", f"-I{folder}")

    def how(self) -> str:
        if self.from_database:
            return f"flags from {self.database}"
        ran = f"gcc ran with {' '.join(self.flags)}"
        if self.database is not None:
            return f"{ran}: {self.database} has no entry for it"
        return (
            f"{ran}; a compile_commands.json at the workspace root or in build/ gives it the project's flags"
        )


def _not_compiled(units: list[Unit]) -> list[str]:
    """One line per unit that did not compile: gcc's first error, and the flags it had."""
    return [
        f"{u.rel} does not compile, not analysed: {first_error(u.output)} ({u.how()})"
        for u in units
        if u.failed.exists()
    ]


def first_error(output: Path) -> str:
    """gcc's first error in its JSON output (``file:line:col: kind: message``), else its first line."""
    try:
        text = output.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return "no message"
    plain = ""
    for line in text.splitlines():
        try:
            doc = json.loads(line)
        except ValueError:
            plain = plain or line.strip()
            continue
        for diag in doc if isinstance(doc, list) else []:
            if isinstance(diag, dict) and diag.get("kind") in _ERRORS:
                return f"{_where(diag)}{diag.get('kind')}: {diag.get('message')}"
    return plain[:300] or "gcc stopped without a message"


def _where(diag: dict[str, object]) -> str:
    locations = diag.get("locations")
    first = locations[0] if isinstance(locations, list) and locations else None
    caret = first.get("caret") if isinstance(first, dict) else None
    if not isinstance(caret, dict):
        return ""
    return f"{caret.get('file')}:{caret.get('line')}:{caret.get('column')}: "


def _mtime(binary: str) -> int:
    try:
        return os.stat(binary).st_mtime_ns
    except OSError:
        return 0


@functools.lru_cache(maxsize=4)
def _unusable(binary: str, mtime_ns: int) -> str:
    """Why ``binary`` cannot run -fanalyzer ("" when it can); asked once per binary (and upgrade)."""
    del mtime_ns  # part of the cache key
    try:
        proc = subprocess.run(
            [binary, "--version"],
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
            env={**os.environ, "LC_ALL": "C"},
        )
    except (OSError, subprocess.SubprocessError) as exc:
        return f"{binary} --version failed: {exc}"
    first = (proc.stdout.splitlines() or [""])[0]
    if "clang" in proc.stdout.lower():
        return f"{binary} is clang ({first}), which has no -fanalyzer: install gcc >= {MIN_MAJOR}"
    found = re.findall(r"\b(\d+)\.\d+(?:\.\d+)?\b", first)
    if found and int(found[-1]) < MIN_MAJOR:
        return f"{binary} is gcc {found[-1]} ({first}): -fanalyzer needs gcc >= {MIN_MAJOR}"
    return ""
