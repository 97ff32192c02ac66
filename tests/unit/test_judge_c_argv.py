"""strlen() of a program argument: ``argv[k]`` of main() below ``argc`` is a string the C runtime
terminated. Sound only with the index checked against ``argc`` on the way to the read and ``argv``
never stored into, or only stepped forward right beside a step of ``argc`` back by as much (``argv++;
argc--;``), with the check after the steps. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import judge_marked

HEAD = "#include <stdio.h>\n#include <string.h>\n"
STRLEN = "buffer/strlen:Does not handle strings that are not \\0-terminated (CWE-126)."

SHIFTED = """int main(int argc, char **argv)
{
    int invert = 0;
    if (argc > 1 && strcmp(argv[1], "-v") == 0) {
        invert = 1;
        argv++;
        argc--;
    }
    if (argc != 2) return 2;
    return invert + (int)strlen(argv[1]); /* <- */
}"""

CASES = {
    "shifted-in-lockstep": (SHIFTED, "FP"),
    "shifted-without-argc": (SHIFTED.replace("        argc--;\n", ""), "not"),
    "shifted-by-two-counted-by-one": (SHIFTED.replace("argv++;", "argv += 2;"), "not"),
    "checked-before-the-shift": (
        SHIFTED.replace("    if (argc != 2) return 2;\n", "").replace(
            "    int invert = 0;\n", "    int invert = 0;\n    if (argc != 2) return 2;\n"
        ),
        "not",
    ),
    "constant-index-checked": (
        """int main(int argc, char **argv)
{
    if (argc < 2) return 1;
    printf("%zu\\n", strlen(argv[1])); /* <- */
    return 0;
}""",
        "FP",
    ),
    "loop-index": (
        """int main(int argc, char *argv[])
{
    size_t total = 0;
    for (int i = 1; i < argc; i++)
        total += strlen(argv[i]); /* <- */
    return (int)total;
}""",
        "FP",
    ),
    "argc-equals": (
        """int main(int argc, char **argv)
{
    if (argc != 3) return 1;
    return (int)strlen(argv[2]); /* <- */
}""",
        "FP",
    ),
    "index-past-the-check": (
        """int main(int argc, char **argv)
{
    if (argc < 2) return 1;
    return (int)strlen(argv[2]); /* <- */
}""",
        "not",
    ),
    "no-check": (
        """int main(int argc, char **argv)
{
    return (int)strlen(argv[1]); /* <- */
}""",
        "not",
    ),
    "element-replaced": (
        """int main(int argc, char **argv)
{
    char raw[4] = {'a', 'b', 'c', 'd'};
    if (argc < 2) return 1;
    argv[1] = raw;
    return (int)strlen(argv[1]); /* <- */
}""",
        "not",
    ),
    "not-main": (
        """int run(int argc, char **argv)
{
    if (argc < 2) return 1;
    return (int)strlen(argv[1]); /* <- */
}""",
        "not",
    ),
    "handed-main's": (
        """static int run(int n, char **args)
{
    int i, total = 0;
    for (i = 1; i < n; i++)
        total += (int)strlen(args[i]); /* <- */
    return total;
}

int main(int argc, char **argv)
{
    return run(argc, argv);
}""",
        "FP",
    ),
    "handed-a-smaller-count": (
        """static int run(int n, char **args)
{
    int i, total = 0;
    for (i = 1; i < n; i++)
        total += (int)strlen(args[i]); /* <- */
    return total;
}

int main(int argc, char **argv)
{
    return run(argc + 1, argv);
}""",
        "not",
    ),
    "handed-another-array": (
        """static int run(int n, char **args)
{
    int i, total = 0;
    for (i = 1; i < n; i++)
        total += (int)strlen(args[i]); /* <- */
    return total;
}

int main(int argc, char **argv)
{
    char *mine[2] = { argv[0], 0 };
    return run(argc, argv) + run(argc, mine);
}""",
        "not",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_program_arguments_are_terminated(tmp_path: Path, case: str) -> None:
    body, want = CASES[case]
    code = HEAD + body + "\n"
    got = judge_marked(tmp_path, code, "FF1022", STRLEN, (126,))
    if want == "FP":
        assert got.verdict == "FALSE_POSITIVE", (case, got.justification)
        assert "program argument" in got.justification, got.justification
    else:
        assert got.verdict != "FALSE_POSITIVE", (case, got.justification)
