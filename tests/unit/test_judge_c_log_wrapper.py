"""A logging wrapper's vfprintf(): its format parameter is judged by every call of the wrapper (all
visible: a program's own function) when nothing before the call in the wrapper may write memory the
analyst does not follow; time()/localtime_r() write only their own out-arguments (a local struct),
and a va_list is no storage of the wrapper's own. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import judge_marked

VFPRINTF = "format/vfprintf:If format strings can be influenced by an attacker (CWE-134)."

LOG = """#include <stdarg.h>
#include <stdio.h>
#include <time.h>
void logf_(FILE *fp, const char *fmt, ...)
{
    char stamp[32];
    time_t now;
    struct tm tmv;
    va_list ap;
    now = time(NULL);
    localtime_r(&now, &tmv);
    strftime(stamp, sizeof(stamp), "%H:%M:%S", &tmv);
    fprintf(fp, "%s ", stamp);
    va_start(ap, fmt);
    vfprintf(fp, fmt, ap); /* <- */
    va_end(ap);
}
int main(int argc, char **argv)
{
    logf_(stderr, "started with %d arguments", argc);
    logf_(stderr, SECOND, argv[0]);
    return 0;
}
"""


@pytest.mark.parametrize(("second", "want"), [('"program %s"', "FP"), ("argv[1]", "not")])
def test_a_log_wrapper_format_judged_by_its_calls(tmp_path: Path, second: str, want: str) -> None:
    code = LOG.replace("SECOND", second)
    got = judge_marked(
        tmp_path,
        code,
        "FF1017",
        "format/vfprintf:If format strings can be influenced by an attacker (CWE-134).",
        (134,),
        name="format/vfprintf",
    )
    assert (got.verdict == "FALSE_POSITIVE") == (want == "FP"), (second, got.justification)


ARRAY = "buffer/char:Statically-sized arrays can be improperly restricted (CWE-119!/CWE-120)."
HANDED = """#include <stdarg.h>
#include <stdio.h>
#include <string.h>
static void log_msg(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
}
void report(const char *word)
{
    char name[16]; /* <- */
    if (strlen(word) >= sizeof name)
        return;
    strcpy(name, word);
    log_msg(FORMAT, name);
}
"""


@pytest.mark.parametrize(("fmt", "safe"), [('"unknown name %s"', True), ("name", False)])
def test_an_array_handed_to_a_log_wrapper_is_only_printed(tmp_path: Path, fmt: str, safe: bool) -> None:
    got = judge_marked(tmp_path, HANDED.replace("FORMAT", fmt), "FF1013", ARRAY, (119, 120))
    assert (got.verdict == "FALSE_POSITIVE") == safe, (fmt, got.verdict, got.justification)
