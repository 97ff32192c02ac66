"""exec*() of a fixed program without a shell (c_exec.py): safe for CWE-78 only when the program is a
literal that does not run its arguments as commands (not a shell, ``find``, ``env``...) and every
word from input follows ``--`` or is checked not to start with ``-`` (else it may be read as an
option). Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import judge_marked

HEAD = "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <unistd.h>\n"
EXEC = "shell/execvp:This causes a new program to execute and is difficult to use safely (CWE-78)."

CASES = [
    (
        "dash-check",
        """int run(const char *file)
{
    if (file[0] == '-') return -1;
    char *args[] = { "gzip", "-d", (char *)file, NULL };
    pid_t pid = fork();
    if (pid == 0) { execvp("gzip", args); /* <- */ _exit(127); }
    return pid;
}""",
        "FP",
    ),
    (
        "double-dash",
        """int run(char *file)
{
    char *args[] = { "gzip", "-d", "--", file, NULL };
    execvp("gzip", args); /* <- */
    return -1;
}""",
        "FP",
    ),
    (
        "no-check",
        """int run(char *file)
{
    char *args[] = { "gzip", "-d", file, NULL };
    execvp("gzip", args); /* <- */
    return -1;
}""",
        "not",
    ),
    (
        "shell",
        """int run(char *cmd)
{
    if (cmd[0] == '-') return -1;
    execl("/bin/sh", "sh", "-c", cmd, (char *)NULL); /* <- */
    return -1;
}""",
        "not",
    ),
    (
        "find-exec",
        """int run(char *dir)
{
    char *args[] = { "find", "--", dir, NULL };
    execvp("find", args); /* <- */
    return -1;
}""",
        "not",
    ),
    (
        "program-from-input",
        """int run(char *prog)
{
    char *args[] = { prog, NULL };
    execvp(prog, args); /* <- */
    return -1;
}""",
        "not",
    ),
    (
        "word-changed-after",
        """int run(char *file, char *other)
{
    char *args[] = { "gzip", file, NULL };
    file = other;
    if (file[0] == '-') return -1;
    execvp("gzip", args); /* <- */
    return -1;
}""",
        "not",
    ),
    (
        "array-element-stored",
        """int run(char *file, char *other)
{
    if (file[0] == '-') return -1;
    char *args[] = { "gzip", file, NULL };
    args[1] = other;
    execvp("gzip", args); /* <- */
    return -1;
}""",
        "not",
    ),
    (
        "execl-checked",
        """int run(const char *src, const char *dst)
{
    if (*src == '-' || *dst == '-') return -1;
    execlp("convert", "convert", src, "-resize", "64x64", dst, (char *)NULL); /* <- */
    return -1;
}""",
        "FP",
    ),
]


@pytest.mark.parametrize(("case", "body", "want"), CASES, ids=[c[0] for c in CASES])
def test_exec_of_a_fixed_program(tmp_path: Path, case: str, body: str, want: str) -> None:
    code = HEAD + body + "\n"
    got = judge_marked(tmp_path, code, "FF1045", EXEC, (78,))
    if want == "FP":
        assert got.verdict == "FALSE_POSITIVE", (case, got.justification)
        assert "without a shell" in got.justification, got.justification
    else:
        assert got.verdict != "FALSE_POSITIVE", (case, got.justification)
