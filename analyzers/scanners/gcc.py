"""gcc's static analyzer (``-fanalyzer``, gcc >= 10) with its JSON diagnostics.

Each target is compiled on its own (the analyzer works per translation unit), to no output file,
with the workspace and the file's folder on the include path; every run appends gcc's JSON array
(one line) to the report, read as JSON Lines. A file that does not compile still gives its
diagnostics: gcc's exit status is not a scanner failure.
"""

from __future__ import annotations

from pathlib import Path

from ..config import Config
from .base import Invocation, ScannerUnavailable, which


def command(targets: list[str], workspace: Path, config: Config, tmp: Path) -> Invocation:
    del config
    binary = which("gcc", "gcc")
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
    # one compile per file: `gcc -c FILE -o /dev/null`; diagnostics (JSON) appended to the report
    script = (
        'out="$1"; gcc="$2"; shift 2\n'
        'for f in "$@"; do\n'
        '  "$gcc" -fanalyzer -fdiagnostics-format=json -Wall -Wextra -I. -I"$(dirname "$f")" '
        '-c "$f" -o /dev/null 2>>"$out"\n'
        '  printf "\\n" >>"$out"\n'
        "done\n"
        "exit 0\n"
    )
    argv = [sh, "-c", script, "sastls-gcc", str(out), binary, *files]
    return Invocation(argv, "gcc-json", output_file=out, env={"LC_ALL": "C", "GCC_COLORS": ""})
