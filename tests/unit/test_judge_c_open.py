"""flawfinder's misc/fopen (CWE-362: can another user redirect the file opened?) judged by the path
(c_open.py): a fixed path only root may change is FALSE_POSITIVE, a fixed name in /tmp is
TRUE_POSITIVE; a path the person who runs the program names (a program argument, a relative name) in a
program that neither changes nor inspects its rights nor checks a path first is FALSE_POSITIVE; anything
else (file or environment content, other directories, a macro with two values, `..`, a library, a
set-user-ID-aware program, a check before the open) needs a human look. Also: the flawfinder SARIF
rule name selects the family. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import judge_finding
from sastls.analyzers.code.taint.families import family_of
from sastls.analyzers.findings.model import Finding, Location, Region

HEAD = "#include <stdio.h>\n#include <stdlib.h>\n#include <fcntl.h>\n#include <unistd.h>\n"
MSG = (
    "misc/fopen:Check when opening files - can an attacker redirect it (via symlinks), force the opening "
    "of special file type (e.g., device files), move things around to create a race condition, control "
    "its ancestors, or change its contents? (CWE-362)."
)

CASES = {
    "etc": ('FILE *f = fopen("/etc/app/app.conf", "r"); /* <- */', "FALSE_POSITIVE"),
    "proc-and-devnull": (
        'int fd = open("/proc/self/status", O_RDONLY); FILE *n = fopen("/dev/null", "w"); /* <- */',
        "FALSE_POSITIVE",
    ),
    "tmp": ('FILE *f = fopen("/tmp/app.lock", "w"); /* <- */', "TRUE_POSITIVE"),
    "dotdot": ('FILE *f = fopen("/etc/../tmp/x", "w"); /* <- */', "NEEDS_REVIEW"),
    "relative": ('FILE *f = fopen("data.txt", "r"); /* <- */', "FALSE_POSITIVE"),
    "relative-dotdot": ('FILE *f = fopen("../data.txt", "r"); /* <- */', "NEEDS_REVIEW"),
    "argument": ('FILE *f = fopen(argv[1], "r"); /* <- */', "FALSE_POSITIVE"),
    "argument-or-default": (
        'const char *p = argc > 1 ? argv[1] : "app.log"; FILE *f = fopen(p, "a"); /* <- */',
        "FALSE_POSITIVE",
    ),
    "argument-changed": ('argv[1] = getenv("X"); FILE *f = fopen(argv[1], "r"); /* <- */', "NEEDS_REVIEW"),
    "environment": ('FILE *f = fopen(getenv("CONF"), "r"); /* <- */', "NEEDS_REVIEW"),
    "read-from-stdin": (
        'char p[64]; if (!fgets(p, sizeof p, stdin)) return 1; FILE *f = fopen(p, "r"); /* <- */',
        "NEEDS_REVIEW",
    ),
    "argument-or-environment": (
        'char *p = argv[1]; if (argc < 2) p = getenv("CONF"); FILE *f = fopen(p, "r"); /* <- */',
        "NEEDS_REVIEW",
    ),
    "set-user-id-aware": (
        'if (geteuid() != getuid()) return 2; FILE *f = fopen(argv[1], "r"); /* <- */',
        "NEEDS_REVIEW",
    ),
    "checked-first": (
        'if (access(argv[1], R_OK)) return 2; FILE *f = fopen(argv[1], "r"); /* <- */',
        "NEEDS_REVIEW",
    ),
    "home": ('FILE *f = fopen("/home/app/x.conf", "r"); /* <- */', "NEEDS_REVIEW"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_fopen_by_path(tmp_path: Path, case: str) -> None:
    stmt, want = CASES[case]
    code = HEAD + "int main(int argc, char **argv)\n{\n    " + stmt + "\n    return argc;\n}\n"
    (tmp_path / "main.c").write_text(code)
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "/* <- */" in ln)
    finding = Finding(
        tool="flawfinder",
        rule_id="FF1040",
        rule_name="misc/fopen",
        message=MSG,
        location=Location("main.c", Region(line)),
        cwe=(362,),
    )
    assert family_of(finding) == "file_open"
    got = judge_finding(finding, WorkspaceIndex(tmp_path))
    assert got.verdict == want, (case, got.justification)


def test_a_macro_with_two_values_is_no_fixed_path(tmp_path: Path) -> None:
    code = (
        '#include <stdio.h>\n#ifdef _WIN32\n#define NAME "C:\\\\temp\\\\x"\n'
        '#else\n#define NAME "/etc/x"\n#endif\n'
        'int main(void) { FILE *f = fopen(NAME, "r"); /* <- */\n return f != 0; }\n'
    )
    (tmp_path / "main.c").write_text(code)
    finding = Finding(
        tool="flawfinder",
        rule_id="FF1040",
        rule_name="misc/fopen",
        message=MSG,
        location=Location("main.c", Region(7)),
        cwe=(362,),
    )
    assert judge_finding(finding, WorkspaceIndex(tmp_path)).verdict != "FALSE_POSITIVE"


def _judge(tmp_path: Path, files: dict[str, str], where: str) -> str:
    for name, code in files.items():
        (tmp_path / name).write_text(code)
    code = files[where]
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "/* <- */" in ln)
    finding = Finding(
        tool="flawfinder",
        rule_id="FF1040",
        rule_name="misc/fopen",
        message=MSG,
        location=Location(where, Region(line)),
        cwe=(362,),
    )
    return judge_finding(finding, WorkspaceIndex(tmp_path)).verdict


LOADER = (
    HEAD + 'static int load(const char *path)\n{\n    FILE *f = fopen(path, "r"); /* <- */\n'
    "    if (!f) return -1;\n    fclose(f);\n    return 0;\n}\n"
)


def test_a_parameter_every_call_hands_a_program_argument(tmp_path: Path) -> None:
    code = (
        LOADER
        + 'int main(int argc, char **argv)\n{\n    return argc > 1 ? load(argv[1]) : load("x.conf");\n}\n'
    )
    assert _judge(tmp_path, {"main.c": code}, "main.c") == "FALSE_POSITIVE"


def test_a_parameter_one_call_hands_file_content(tmp_path: Path) -> None:
    code = LOADER + (
        "int main(int argc, char **argv)\n{\n    char line[128];\n"
        "    if (argc > 1) load(argv[1]);\n    while (fgets(line, sizeof line, stdin)) load(line);\n"
        "    return 0;\n}\n"
    )
    assert _judge(tmp_path, {"main.c": code}, "main.c") == "NEEDS_REVIEW"


def test_a_library_without_main_is_not_judged_by_its_user(tmp_path: Path) -> None:
    lib = (
        HEAD
        + 'int load(const char *path)\n{\n    FILE *f = fopen(path, "r"); /* <- */\n    return f != 0;\n}\n'
    )
    assert _judge(tmp_path, {"lib.c": lib}, "lib.c") == "NEEDS_REVIEW"


def test_a_privilege_call_anywhere_in_the_program_keeps_it(tmp_path: Path) -> None:
    code = LOADER + (
        "int main(int argc, char **argv)\n{\n    if (argc < 2) return 1;\n    int r = load(argv[1]);\n"
        "    if (setuid(0)) return 2;\n    return r;\n}\n"
    )
    assert _judge(tmp_path, {"main.c": code}, "main.c") == "NEEDS_REVIEW"


OPTIONS = (
    HEAD
    + """#include <getopt.h>

struct opts { const char *out; int verbose; };

int main(int argc, char **argv)
{
    struct opts o = { NULL, 0 };
    int c;
    FILE *f;

    while ((c = getopt(argc, argv, "o:v")) != -1) {
        if (c == 'o')
            o.out = VALUE;
        else if (c == 'v')
            o.verbose = 1;
    }
    if (o.out == NULL)
        return 1;
    f = fopen(o.out, "w"); /* <- */
    return f == NULL;
}
"""
)


@pytest.mark.parametrize(
    ("value", "safe"),
    [("optarg", True), ('"out.txt"', True), ('"/tmp/out.txt"', False), ('getenv("OUT")', False)],
)
def test_a_member_set_from_the_options(tmp_path: Path, value: str, safe: bool) -> None:
    got = _judge(tmp_path, {"main.c": OPTIONS.replace("VALUE", value)}, "main.c")
    assert (got == "FALSE_POSITIVE") == safe, (value, got)


def test_a_member_set_through_its_address_is_not_followed(tmp_path: Path) -> None:
    code = (
        OPTIONS.replace("VALUE", "optarg")
        .replace("    if (o.out == NULL)", "    set_default(&o.out);\n    if (o.out == NULL)")
        .replace("struct opts {", "void set_default(const char **p);\n\nstruct opts {")
    )
    assert _judge(tmp_path, {"main.c": code}, "main.c") != "FALSE_POSITIVE"


def test_a_member_set_by_position_is_not_followed(tmp_path: Path) -> None:
    code = OPTIONS.replace("VALUE", "optarg").replace(
        "struct opts o = { NULL, 0 };", 'struct opts o = { "/tmp/x", 0 };'
    )
    assert _judge(tmp_path, {"main.c": code}, "main.c") != "FALSE_POSITIVE"


SHIFTED = (
    HEAD
    + "#include <string.h>\n\nint main(int argc, char **argv)\n{\n    FILE *f;\n\n"
    + '    if (argc > 1 && strcmp(argv[1], "-n") == 0) {\n        argc--;\n        STEP;\n    }\n'
    + '    if (argc != 2)\n        return 2;\n    f = fopen(argv[1], "r"); /* <- */\n'
    + "    if (!f)\n        return 1;\n    fclose(f);\n    return 0;\n}\n"
)


@pytest.mark.parametrize(
    ("step", "want"),
    [("argv++", "FALSE_POSITIVE"), ("argv += 1", "FALSE_POSITIVE"), ("argv = environ", "NEEDS_REVIEW")],
)
def test_argv_stepped_along_still_names_program_arguments(tmp_path: Path, step: str, want: str) -> None:
    code = SHIFTED.replace("STEP", step).replace("int main", "extern char **environ;\n\nint main")
    assert _judge(tmp_path, {"main.c": code}, "main.c") == want
