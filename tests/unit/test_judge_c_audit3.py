"""Snippets of our own (none from a corpus) for the third audit of the C analyst's "safe" rules
(docs/c-justification-audit.md, "Third audit"). Each case is a small variation of code whose
FALSE_POSITIVE was read against the code: either a real weakness the old rule called safe (must not
be FALSE_POSITIVE), or the sound verdict that must stay. Causes covered:

- a ``static`` that "nothing in the file writes" while a macro of the file or of an included header
  writes it, or a file that includes this one does;
- an object-like macro defined two ways (``#ifdef``) in a header: its first value was taken as the
  only one;
- uninitialised reads answered by "the variable is assigned" while the read is of an element of an
  array declared without an initialiser, or through a pointer to newly allocated memory;
- a released pointer returned to a caller that "never reads" the local it stores it in, while a
  backward ``goto`` runs the call again, or the local is ``static``;
- an array "nobody reads or writes" while a macro used in the function names it, or an initialiser
  list stores a pointer into it;
- a buffer "only ever holding literals" (a format, a command) or a variable with one known value
  while a macro used in the function writes it, a renaming macro of it is assigned, or an
  initialiser list keeps a pointer into it;
- a number parsed by atoi() "never used as an index" while a copy of it is, or a loop counter it
  bounds is;
- a call through a renaming macro is named as the code writes it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import judge_finding
from sastls.analyzers.findings.model import Finding, Location, Region

FP = "FALSE_POSITIVE"
UNINIT = ("cppcheck", "uninitvar", (457,), "Uninitialized variable: data")
DEALLOCRET = (
    "cppcheck",
    "deallocret",
    (672,),
    "Returning/dereferencing 'data' after it is deallocated / released",
)
MEMCPY = ("flawfinder", "FF1004", (120,), "buffer/memcpy:Does not check for buffer overflows (CWE-120).")
DECL = ("flawfinder", "FF1013", (119, 120), "buffer/char:Statically-sized arrays (CWE-119!/CWE-120).")
ATOI = (
    "flawfinder",
    "FF1047",
    (190,),
    "integer/atoi:Unless checked, the resulting number can exceed the expected range (CWE-190).",
)
ALLOCA = ("cppcheck", "allocaCalled", (), "Obsolete function 'alloca' called.")
FSCANF = (
    "flawfinder",
    "FF1021",
    (120, 20),
    "buffer/fscanf:The scanf() family's %s operation, without a limit specification, permits buffer "
    "overflows (CWE-120, CWE-20).",
)
PRINTF = (
    "flawfinder",
    "FF1016",
    (134,),
    "format/printf:If format strings can be influenced by an attacker, they can be exploited (CWE-134).",
)
SYSTEM = (
    "flawfinder",
    "FF1044",
    (78,),
    "shell/system:This causes a new program to execute and is difficult to use safely (CWE-78).",
)
NULLARG = ("gcc", "-Wanalyzer-null-argument", (476,), "use of NULL 'data' where non-null expected")
EXECLP = (
    "flawfinder",
    "FF1043",
    (78,),
    "shell/execlp:This causes a new program to execute and is difficult to use safely (CWE-78).",
)

_FLAG_USE = """
void run(void)
{
    int data;
    if (flag)
    {
        data = 5;
    }
    printf("%d\\n", data); /* <- */
}
"""

CASES: list[tuple[str, tuple[str, str, tuple[int, ...], str], str, str, dict[str, str]]] = [
    (
        "static-unwritten-stays-safe",
        UNINIT,
        FP,
        "#include <stdio.h>\nstatic int flag = 1;\n" + _FLAG_USE,
        {},
    ),
    (
        "static-written-by-an-object-like-macro-of-the-file",
        UNINIT,
        "not FP",
        "#include <stdio.h>\n#define CLEAR flag = 0\nstatic int flag = 1;\nvoid reset(void) { CLEAR; }\n"
        + _FLAG_USE,
        {},
    ),
    (
        "static-written-by-a-function-like-macro-of-the-file",
        UNINIT,
        "not FP",
        "#include <stdio.h>\n#define RESET() (flag = 0)\nstatic int flag = 1;\n"
        "void reset(void) { RESET(); }\n" + _FLAG_USE,
        {},
    ),
    (
        "static-written-by-a-macro-of-an-included-header",
        UNINIT,
        "not FP",
        '#include <stdio.h>\n#include "reset.h"\nstatic int flag = 1;\nvoid reset(void) { RESET(); }\n'
        + _FLAG_USE,
        {"reset.h": "#define RESET() (flag = 0)\n"},
    ),
    (
        "static-written-by-a-file-that-includes-this-one",
        UNINIT,
        "not FP",
        "#include <stdio.h>\nstatic int flag = 1;\n" + _FLAG_USE,
        {"unity.c": '#include "main.c"\nvoid reset(void) { flag = 0; }\n'},
    ),
    (
        "element-of-an-array-declared-without-initialiser",
        UNINIT,
        "not FP",
        """
#include <stdio.h>
void run(void)
{
    int data[4];
    data[0] = 1;
    printf("%d\\n", data[2]); /* <- */
}
""",
        {},
    ),
    (
        "element-read-through-a-pointer-to-fresh-heap-memory",
        UNINIT,
        "not FP",
        """
#include <stdio.h>
#include <stdlib.h>
void run(void)
{
    int *data = (int *)malloc(4 * sizeof(int));
    if (data == NULL) exit(1);
    data[0] = 1;
    printf("%d\\n", data[2]); /* <- */
    free(data);
}
""",
        {},
    ),
    (
        "element-read-through-a-pointer-into-an-array-declared-without-initialiser",
        UNINIT,
        "not FP",
        """
#include <stdio.h>
void run(void)
{
    int a[4];
    int *data = a;
    a[0] = 1;
    printf("%d\\n", data[2]); /* <- */
}
""",
        {},
    ),
    (
        "element-written-through-a-pointer-to-fresh-heap-memory-stays-safe",
        UNINIT,
        FP,
        """
#include <stdlib.h>
void run(void)
{
    int *data = (int *)malloc(4 * sizeof(int));
    if (data == NULL) exit(1);
    data[0] = 1; /* <- */
    free(data);
}
""",
        {},
    ),
    (
        "pointer-to-an-initialised-local-read-through-stays-safe",
        UNINIT,
        FP,
        """
#include <stdio.h>
void run(int n)
{
    int tmp = 5;
    int *data;
    if (n) data = &tmp; else data = &tmp;
    printf("%d\\n", *data); /* <- */
}
""",
        {},
    ),
    (
        "released-pointer-returned-into-a-local-a-backward-goto-passes-back",
        DEALLOCRET,
        "not FP",
        """
#include <stdlib.h>
#include <stdio.h>
static int *step(int *data)
{
    if (data != NULL) printf("%d\\n", data[0]);
    data = (int *)malloc(10 * sizeof(int));
    if (data == NULL) exit(1);
    free(data);
    return data; /* <- */
}
void run(int n)
{
    int *data = NULL;
again:
    data = step(data);
    if (--n > 0) goto again;
}
""",
        {},
    ),
    (
        "released-pointer-returned-into-a-static-local",
        DEALLOCRET,
        "not FP",
        """
#include <stdlib.h>
static int *step(int *data)
{
    data = (int *)malloc(10 * sizeof(int));
    if (data == NULL) exit(1);
    free(data);
    return data; /* <- */
}
void run(void)
{
    static int *keep;
    keep = step(keep);
}
""",
        {},
    ),
    (
        "released-pointer-returned-into-a-dropped-local-forward-goto-stays-safe",
        DEALLOCRET,
        FP,
        """
#include <stdlib.h>
static int *step(int *data)
{
    data = (int *)malloc(10 * sizeof(int));
    if (data == NULL) exit(1);
    free(data);
    return data; /* <- */
}
void run(int n)
{
    int *data = NULL;
    if (n) goto out;
    data = step(data);
out:
    ;
}
""",
        {},
    ),
    (
        "header-macro-defined-two-ways-the-default-does-not-fit",
        MEMCPY,
        "not FP",
        """#include <string.h>
#include "cfg.h"
void run(void)
{
    char d[10];
    char s[200] = "";
    memcpy(d, s, COUNT); /* <- */
}
""",
        {"cfg.h": "#ifdef SMALL\n#define COUNT 10\n#else\n#define COUNT 100\n#endif\n"},
    ),
    (
        "header-macro-defined-one-way-that-fits",
        MEMCPY,
        FP,
        """#include <string.h>
#include "cfg.h"
void run(void)
{
    char d[10];
    char s[200] = "";
    memcpy(d, s, COUNT); /* <- */
}
""",
        {"cfg.h": "#define COUNT 10\n"},
    ),
    (
        "array-written-by-a-function-like-macro",
        DECL,
        "not FP",
        """
#define STORE(i, v) (arr[i] = (v))
void run(int n)
{
    char arr[50]; /* <- */
    STORE(n, 'x');
}
""",
        {},
    ),
    (
        "array-named-by-an-alias-macro-overflowed",
        DECL,
        "not FP",
        """
#include <string.h>
#define TARGET arr
void run(const char *s)
{
    char arr[50]; /* <- */
    strcpy(TARGET, s);
}
""",
        {},
    ),
    (
        "pointer-into-array-kept-in-an-initialiser-list",
        DECL,
        "not FP",
        """
#include <string.h>
void run(const char *s)
{
    char arr[50]; /* <- */
    char *ps[1] = { arr };
    strcpy(ps[0], s);
}
""",
        {},
    ),
    (
        "character-read-by-scanf-used-in-unchecked-arithmetic",
        FSCANF,
        "not FP",
        """
#include <stdio.h>
void run(void)
{
    char data = ' ';
    char result;
    fscanf(stdin, "%c", &data); /* <- */
    result = data * data;
    printf("%d\\n", result);
}
""",
        {},
    ),
    (
        "character-read-by-scanf-used-in-checked-arithmetic",
        FSCANF,
        FP,
        """
#include <stdio.h>
#include <stdlib.h>
void run(void)
{
    char data = ' ';
    char result;
    fscanf(stdin, "%c", &data); /* <- */
    if (abs((long)data) <= 11) {
        result = data * data;
        printf("%d\\n", result);
    }
}
""",
        {},
    ),
    (
        "array-parameter-a-caller-passes-null",
        NULLARG,
        "not FP",
        """
#include <string.h>
#include <stdlib.h>
void fill(char data[100])
{
    memset(data, 0, 100); /* <- */
}
void run(void)
{
    fill(NULL);
}
""",
        {},
    ),
    (
        "array-parameter-every-caller-passes-an-array",
        NULLARG,
        FP,
        """
#include <string.h>
static void fill(char data[100])
{
    memset(data, 0, 100); /* <- */
}
void run(void)
{
    char b[100];
    fill(b);
}
""",
        {},
    ),
    (
        "format-buffer-filled-by-a-macro",
        PRINTF,
        "not FP",
        """
#include <stdio.h>
#include <string.h>
#define READ_IN() fgets(data, 100, stdin)
void run(void)
{
    char data[100] = "";
    strcpy(data, "teststringvalue");
    READ_IN();
    printf(data); /* <- */
}
""",
        {},
    ),
    (
        "format-buffer-kept-in-an-initialiser-list",
        PRINTF,
        "not FP",
        """
#include <stdio.h>
#include <string.h>
void run(const char *in)
{
    char data[100] = "";
    struct { char *p; } s = { data };
    strcpy(data, "teststringvalue");
    strcpy(s.p, in);
    printf(data); /* <- */
}
""",
        {},
    ),
    (
        "command-buffer-appended-by-a-macro",
        SYSTEM,
        "not FP",
        """
#include <stdlib.h>
#include <string.h>
#define ADD(x) strcat(cmd, (x))
void run(void)
{
    char cmd[100] = "ls ";
    ADD(getenv("X"));
    system(cmd); /* <- */
}
""",
        {},
    ),
    (
        "command-buffer-kept-in-an-initialiser-list",
        SYSTEM,
        "not FP",
        """
#include <stdlib.h>
#include <string.h>
void run(void)
{
    char cmd[100] = "ls ";
    struct { char *p; } s = { cmd };
    strcat(s.p, getenv("X"));
    system(cmd); /* <- */
}
""",
        {},
    ),
    (
        "length-changed-by-a-macro",
        MEMCPY,
        "not FP",
        """
#include <string.h>
#define GROW() (n = 100)
void run(const char *s)
{
    char d[10];
    int n = 10;
    GROW();
    memcpy(d, s, n); /* <- */
}
""",
        {},
    ),
    (
        "length-assigned-through-a-renaming-macro",
        MEMCPY,
        "not FP",
        """
#include <string.h>
#define COUNT n
void run(const char *s)
{
    char d[10];
    int n = 10;
    COUNT = 100;
    memcpy(d, s, n); /* <- */
}
""",
        {},
    ),
    (
        "length-read-through-a-renaming-macro-stays-safe",
        MEMCPY,
        FP,
        """
#include <string.h>
#define COUNT n
void run(void)
{
    char d[10];
    char s[20] = "";
    int n = 10;
    memcpy(d, s, COUNT); /* <- */
}
""",
        {},
    ),
    (
        "parsed-number-copied-then-used-as-index",
        ATOI,
        "not FP",
        """
#include <stdlib.h>
#include <stdio.h>
void run(void)
{
    char in[16] = "";
    int buf[10];
    int data = 0, k;
    if (fgets(in, 16, stdin) != NULL)
        data = atoi(in); /* <- */
    k = data;
    buf[k] = 1;
}
""",
        {},
    ),
    (
        "parsed-number-copied-then-checked-index",
        ATOI,
        FP,
        """
#include <stdlib.h>
#include <stdio.h>
void run(void)
{
    char in[16] = "";
    int buf[10];
    int data = 0, k;
    if (fgets(in, 16, stdin) != NULL)
        data = atoi(in); /* <- */
    k = data;
    if (k >= 0 && k < 10)
        buf[k] = 1;
}
""",
        {},
    ),
    (
        "parsed-number-bounds-a-loop-counter-used-as-index",
        ATOI,
        "not FP",
        """
#include <stdlib.h>
#include <stdio.h>
void run(void)
{
    char in[16] = "";
    int buf[10];
    int i;
    int data = 0;
    if (fgets(in, 16, stdin) != NULL)
        data = atoi(in); /* <- */
    for (i = 0; i < data; i++)
        buf[i] = 0;
}
""",
        {},
    ),
    (
        "parsed-number-stored-in-a-field",
        ATOI,
        "not FP",
        """
#include <stdlib.h>
#include <stdio.h>
struct box { int n; };
void use(struct box b);
void run(void)
{
    char in[16] = "";
    struct box b;
    int data = 0;
    if (fgets(in, 16, stdin) != NULL)
        data = atoi(in); /* <- */
    b.n = data;
    use(b);
}
""",
        {},
    ),
]


def _judge(tmp_path: Path, code: str, finding: tuple[str, str, tuple[int, ...], str], others: dict[str, str]):  # type: ignore[no-untyped-def]
    (tmp_path / "main.c").write_text(code)
    for other, body in others.items():
        (tmp_path / other).write_text(body)
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "/* <- */" in ln)
    tool, rule, cwe, message = finding
    return judge_finding(
        Finding(tool=tool, rule_id=rule, message=message, location=Location("main.c", Region(line)), cwe=cwe),
        WorkspaceIndex(tmp_path),
    )


@pytest.mark.parametrize(("name", "finding", "expected", "code", "others"), CASES, ids=[c[0] for c in CASES])
def test_audit3(
    tmp_path: Path,
    name: str,
    finding: tuple[str, str, tuple[int, ...], str],
    expected: str,
    code: str,
    others: dict[str, str],
) -> None:
    j = _judge(tmp_path, code, finding, others)
    if expected == "not FP":
        assert j.verdict != FP, f"{name}: {j.justification}"
    else:
        assert j.verdict == expected, f"{name}: {j.verdict}: {j.justification}"


def test_a_call_through_a_renaming_macro_is_named_as_written(tmp_path: Path) -> None:
    code = """#include "cfg.h"
static void show(int *p) { p[0] = 1; }
void run(void)
{
    int *data = (int *)ALLOCA(10 * sizeof(int)); /* <- */
    show(data);
}
"""
    cfg = "#ifdef _WIN32\n#define ALLOCA _alloca\n#else\n#define ALLOCA alloca\n#endif\n"
    j = _judge(tmp_path, code, ALLOCA, {"cfg.h": cfg})
    assert j.verdict == FP, j.justification
    assert j.justification.startswith("ALLOCA() (_alloca() or alloca(), by build)"), j.justification


def test_a_command_macro_defined_per_build_names_each_value(tmp_path: Path) -> None:
    code = """#include <unistd.h>
#ifdef _WIN32
#define SHELL "cmd.exe"
#define FLAG "/c"
#else
#define SHELL "sh"
#define FLAG "-c"
#endif
void run(void)
{
    execlp(SHELL, SHELL, FLAG, "ls", NULL); /* <- */
}
"""
    j = _judge(tmp_path, code, EXECLP, {})
    assert j.verdict == FP, j.justification
    assert '"cmd.exe" or "sh"' in j.justification and '"-c" or "/c"' in j.justification, j.justification


def test_a_character_conversion_without_width_is_said_plainly(tmp_path: Path) -> None:
    code = """#include <stdio.h>
void run(void)
{
    char data = ' ';
    fscanf(stdin, "%c", &data); /* <- */
    printf("%c\\n", data);
}
"""
    j = _judge(tmp_path, code, FSCANF, {})
    assert j.verdict == FP, j.justification
    assert "`%c` writes at most 1 byte;" in j.justification, j.justification
