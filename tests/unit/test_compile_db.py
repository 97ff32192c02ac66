"""compile_commands.json -> the flags gcc gets for one file: only include paths, macros, the C standard and
forced includes, each rewritten as one joined argument; a workspace's compile command is never run and can
smuggle nothing else (-o, -fplugin, -B, -specs, -wrapper, @file)."""

from __future__ import annotations

import json
import os
import shlex
import shutil
from pathlib import Path

import pytest
from sastls.analyzers.scanners import compile_db, run_scanner
from sastls.analyzers.scanners.base import tool_path

from .test_scanners import NO_GCC


def _db(root: Path, entries: list[dict[str, object]], where: str = "compile_commands.json") -> None:
    path = root / where
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(entries))


def test_flags_of_the_four_kinds_are_taken_and_made_absolute(tmp_path: Path) -> None:
    (tmp_path / "include").mkdir()
    (tmp_path / "include" / "config.h").write_text("#define X 1\n")
    build = tmp_path / "build"
    args = [
        "/usr/bin/cc", "-I../include", "-I", "../third", "-isystem", "/opt/sys", "-iquote../q",
        "-idirafter", "after", "-DNDEBUG", "-D", "VERSION=\"1.0\"", "-DMAX(a,b)=((a)>(b)?(a):(b))", "-UDEBUG",
        "-std=gnu11", "-include", "../include/config.h", "-O2", "-Wall", "-c", "../src/a.c", "-o", "a.o",
    ]  # fmt: skip
    _db(
        tmp_path,
        [{"directory": str(build), "file": "../src/a.c", "arguments": args}],
        "build/compile_commands.json",
    )
    assert compile_db.compile_flags(tmp_path, "src/a.c") == (
        f"-I{tmp_path}/include",
        f"-I{tmp_path}/third",
        "-isystem/opt/sys",
        f"-iquote{tmp_path}/q",
        f"-idirafter{build}/after",
        "-DNDEBUG",
        '-DVERSION="1.0"',
        "-DMAX(a,b)=((a)>(b)?(a):(b))",
        "-UDEBUG",
        "-std=gnu11",
        f"-include{tmp_path}/include/config.h",
    )


@pytest.mark.parametrize(
    "smuggled",
    [
        ["-fplugin=/tmp/evil.so"],
        ["-o", "/home/user/.bashrc"],
        ["-B/tmp/evil"],
        ["-specs=/tmp/evil.specs"],
        ["-wrapper", "/bin/sh,-c,touch pwned"],
        ["@/tmp/evil.rsp"],
        ["-D", "-fplugin=/tmp/evil.so"],  # a separate value that is no macro name is refused with its flag
        ["-D$(touch pwned)"],
        ["-U", "-fplugin=/tmp/evil.so"],
        ["-std=c++17"],
        ["-include", "/dev/zero"],  # not a regular file: gcc would read it forever
        ["-Xassembler", "--defsym"],
        ["-fdump-tree-all"],
        ["--param=max-vartrack-size=0"],
    ],
)
def test_every_other_flag_is_refused(tmp_path: Path, smuggled: list[str]) -> None:
    _db(
        tmp_path,
        [{"directory": str(tmp_path), "file": "a.c", "arguments": ["cc", *smuggled, "-Iinc", "-c", "a.c"]}],
    )
    assert compile_db.compile_flags(tmp_path, "a.c") == (f"-I{tmp_path}/inc",)


def test_an_include_directory_can_never_become_another_option(tmp_path: Path) -> None:
    """``-I -fplugin=x.so``: the value is a directory name, joined to -I (gcc reads it as a path)."""
    _db(
        tmp_path,
        [{"directory": str(tmp_path), "file": "a.c", "arguments": ["cc", "-I", "-fplugin=x.so", "a.c"]}],
    )
    (flag,) = compile_db.compile_flags(tmp_path, "a.c") or ()
    assert flag == f"-I{tmp_path}/-fplugin=x.so"


def test_command_strings_relative_directories_and_lookups(tmp_path: Path) -> None:
    command = f"gcc -I {shlex.quote(str(tmp_path / 'with space'))} -DX=1 -std=c23 -c src/b.c"
    _db(
        tmp_path,
        [
            {"directory": ".", "file": "src/b.c", "command": command},
            {
                "directory": ".",
                "file": "src/b.c",
                "command": "gcc -DSECOND -c src/b.c",
            },  # the first one counts
            {"directory": ".", "file": "src/quoted.c", "command": "gcc 'unterminated"},  # unreadable: skipped
            "not an object",
            {"file": "src/c.c"},
        ],
    )
    assert compile_db.compile_flags(tmp_path, "src/b.c") == (f"-I{tmp_path}/with space", "-DX=1", "-std=c2x")
    assert compile_db.compile_flags(tmp_path, "src/c.c") is None  # no command: no entry
    assert compile_db.compile_flags(tmp_path, "src/other.c") is None
    assert compile_db.compile_flags(tmp_path / "nowhere", "src/b.c") is None


def test_an_unreadable_database_is_no_database(tmp_path: Path) -> None:
    (tmp_path / "compile_commands.json").write_text("{not json")
    assert compile_db.compile_flags(tmp_path, "a.c") is None
    (tmp_path / "compile_commands.json").write_text('{"file": "a.c"}')
    os.utime(tmp_path / "compile_commands.json", ns=(1, 1))  # another mtime: read again
    assert compile_db.compile_flags(tmp_path, "a.c") is None


@pytest.mark.skipif(tool_path("gcc") is None, reason=NO_GCC)
def test_gcc_compiles_with_the_databases_flags_and_never_runs_its_command(tmp_path: Path) -> None:
    """The header is found through the database's -I and the file compiles only with its -D; the entry's
    -o, -fplugin and -B are not given to gcc (nothing written, no plugin loaded)."""
    shutil.copytree(
        Path(__file__).resolve().parents[1] / "fixtures" / "projects" / "cproj" / "src", tmp_path / "src"
    )
    (tmp_path / "include").mkdir()
    (tmp_path / "src" / "util.h").rename(tmp_path / "include" / "util.h")
    cache = tmp_path / "src" / "cache.c"
    cache.write_text(cache.read_text() + "#ifndef KV_CACHE\n#error needs -DKV_CACHE\n#endif\n")
    without = run_scanner("gcc", ["src/cache.c"], tmp_path)
    assert not without.findings and "util.h: No such file or directory" in without.errors[0]

    out = tmp_path / "pwned.o"
    command = f"cc -Iinclude -DKV_CACHE -fplugin={tmp_path}/evil.so -B{tmp_path} -o {out} -c src/cache.c"
    _db(
        tmp_path,
        [{"directory": str(tmp_path), "file": "src/cache.c", "command": command}],
        "build/compile_commands.json",
    )
    res = run_scanner("gcc", ["src/cache.c"], tmp_path)
    assert res.errors == [], res.errors
    assert {(f.rule_id, f.line) for f in res.findings} >= {("-Wanalyzer-use-after-free", 18)}
    assert f"-I{tmp_path}/include" in res.command and "-DKV_CACHE" in res.command
    assert not out.exists() and not [a for a in res.command if "plugin" in a or a.startswith("-B")]


@pytest.mark.skipif(tool_path("gcc") is None, reason=NO_GCC)
def test_a_file_the_database_does_not_list_and_a_file_named_like_an_option(tmp_path: Path) -> None:
    """A file missing from the database compiles with the default flags, and its problem line says the
    database has no entry for it; a file named "-fplugin=....c" is passed as ./-fplugin=....c (a file)."""
    _db(
        tmp_path,
        [{"directory": str(tmp_path), "file": "other.c", "arguments": ["cc", "-DX", "other.c"]}],
        "build/compile_commands.json",
    )
    (tmp_path / "lonely.c").write_text('#include "gone.h"\n')
    res = run_scanner("gcc", ["lonely.c"], tmp_path)
    assert "(gcc ran with -I. -I.: build/compile_commands.json has no entry for it)" in res.errors[0], (
        res.errors
    )
    trap = tmp_path / "-fplugin=trap.c"
    trap.write_text("int f(void) { return 0; }\n")
    res = run_scanner("gcc", [trap.name], tmp_path)
    assert res.errors == [] and "./-fplugin=trap.c" in res.command, res
    trap.write_text("int *f(void) { int *p = 0; return p + *p; }\n")
    res = run_scanner("gcc", [trap], tmp_path)
    assert {f.path for f in res.findings} == {"-fplugin=trap.c"}, (
        res
    )  # the finding's path as the workspace has it
