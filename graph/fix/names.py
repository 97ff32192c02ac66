"""The ``names`` check of a patch: no new undefined or unused names, no new compiler errors.

Python: pyflakes (undefined names, unused imports and variables, redefinitions) on the file before
and after the patch; a message the patch adds fails the check. C and C++: the compiler's syntax check
(``cc -fsyntax-only``, fed the text on stdin from the file's own directory so its includes resolve)
before and after; a new error or a new implicit declaration (a missing ``#include``) fails it. No
compiler on PATH: the check says so and passes (the parse check still ran).

Messages are compared without their positions (a patch moves lines), as multisets.
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

COMPILER_TIMEOUT = 60.0
# pyflakes messages that mean a name is missing, unused or clobbered (not style)
_PYFLAKES_KINDS = frozenset(
    {
        "UndefinedName",
        "UndefinedLocal",
        "UndefinedExport",
        "UnusedImport",
        "UnusedVariable",
        "UnusedAnnotation",
        "RedefinedWhileUnused",
        "ImportShadowedByLoopVar",
        "ImportStarUsed",
        "ImportStarUsage",
        "ReturnOutsideFunction",
        "DuplicateArgument",
    }
)
_CC_LINE = re.compile(r"^<stdin>:(\d+):(?:\d+:)?\s*(error|warning|fatal error):\s*(.*)$")
_CC_WANTED = re.compile(r"implicit declaration|implicit(ly)? int|undeclared|was not declared", re.I)


@dataclass(frozen=True)
class NameProblem:
    detail: str
    line: int  # 1-based, in the patched text
    name: str = ""  # the name a pyflakes message is about ("" for compiler errors)
    kind: str = ""  # pyflakes message class ("" for compiler errors)


@dataclass(frozen=True)
class NamesResult:
    problems: tuple[NameProblem, ...]
    note: str  # what was checked, or why not


def _pyflakes(path: str, text: str) -> list[NameProblem] | None:
    from pyflakes import checker

    try:
        tree = ast.parse(text, filename=path)
    except (SyntaxError, ValueError):
        return None
    out = []
    for m in checker.Checker(tree, filename=path).messages:
        kind = type(m).__name__
        if kind in _PYFLAKES_KINDS:
            name = str(m.message_args[0]) if m.message_args else ""
            out.append(NameProblem(m.message % m.message_args, int(m.lineno), name, kind))
    return out


def _key(p: NameProblem) -> tuple[str, str]:
    if p.kind:
        return (p.kind, p.name)
    return ("cc", re.sub(r"\d+", "N", p.detail))


def _added(before: list[NameProblem], after: list[NameProblem]) -> list[NameProblem]:
    left = Counter(_key(p) for p in before)
    out = []
    for p in after:
        k = _key(p)
        if left[k] > 0:
            left[k] -= 1
        else:
            out.append(p)
    return out


def compiler_for(lang: str) -> str | None:
    names = ("cc", "gcc", "clang") if lang == "c" else ("c++", "g++", "clang++")
    return next((found for n in names if (found := shutil.which(n))), None)


def _compile(compiler: str, lang: str, text: str, directory: Path, root: Path) -> list[NameProblem] | str:
    argv = [
        compiler,
        "-fsyntax-only",
        "-fdiagnostics-color=never",
        "-fno-diagnostics-show-caret",
        "-Wimplicit-function-declaration",
        "-Wimplicit-int",
        "-x",
        "c" if lang == "c" else "c++",
        "-I",
        str(directory),
        "-I",
        str(root),
        "-I",
        str(root / "include"),
        "-",
    ]
    try:
        proc = subprocess.run(
            argv,
            input=text,
            cwd=directory,
            capture_output=True,
            text=True,
            env={**os.environ, "LC_ALL": "C"},  # plain ASCII quotes in messages
            timeout=COMPILER_TIMEOUT,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"the compiler could not run: {exc}"
    out = []
    for raw in proc.stderr.splitlines():
        m = _CC_LINE.match(raw.strip())
        if m is None:
            continue
        line, level, message = int(m.group(1)), m.group(2), m.group(3)
        if level != "warning" or _CC_WANTED.search(message):
            out.append(NameProblem(f"{level}: {message}", line))
    return out


def check_names(path: str, lang: str | None, before: str, after: str, workspace: Path) -> NamesResult:
    """What the patch adds in undefined/unused names (Python) or compiler errors (C/C++)."""
    if lang == "python":
        b, a = _pyflakes(path, before), _pyflakes(path, after)
        if a is None:
            return NamesResult((), "pyflakes: the patched file does not compile")
        return NamesResult(tuple(_added(b or [], a)), "pyflakes: no new undefined or unused names")
    if lang in ("c", "cpp"):
        compiler = compiler_for(lang)
        if compiler is None:
            return NamesResult((), "no C compiler on PATH: names not checked by a compiler")
        root = workspace.resolve()
        directory = (root / path).parent
        cb = _compile(compiler, lang, before, directory, root)
        ca = _compile(compiler, lang, after, directory, root)
        if isinstance(cb, str) or isinstance(ca, str):
            return NamesResult((), cb if isinstance(cb, str) else str(ca))
        fatal = next((p for p in cb if p.detail.startswith("fatal")), None)
        note = f"{Path(compiler).name} -fsyntax-only: no new errors or implicit declarations"
        if fatal is not None:
            note += f" (the unpatched file already stops at '{fatal.detail}': checked up to there)"
        return NamesResult(tuple(_added(cb, ca)), note)
    return NamesResult((), f"no name checker for {lang or 'this language'}")


def new_unused_imports(path: str, before: str, after: str) -> list[NameProblem]:
    """Imports that ``after`` no longer uses but ``before`` did (a rewrite should drop them)."""
    b, a = _pyflakes(path, before), _pyflakes(path, after)
    if a is None:
        return []
    return [p for p in _added(b or [], a) if p.kind == "UnusedImport"]
