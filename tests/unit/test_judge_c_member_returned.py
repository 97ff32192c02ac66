"""A function that returns a pointer into a struct's member array (``return ev->action;``) hands the
array to callers whose accesses through it the analyst does not follow: the declaration finding is
kept, and its justification says so without calling the member a local array whose storage ends
(c_decls._escape_why). Code written for this test."""

from __future__ import annotations

from pathlib import Path

from .c_snippet import said

MSG = (
    "buffer/char:Statically-sized arrays can be improperly restricted, leading to potential overflows "
    "or other issues (CWE-119!/CWE-120)."
)
CODE = """#include <string.h>

struct event {
    char action[16]; /* <- */
    char devpath[256];
};

const char *event_get(const struct event *ev, const char *key)
{
    if (strcmp(key, "ACTION") == 0)
        return ev->action;
    return ev->devpath;
}
"""


def test_a_member_array_returned_is_kept_as_not_followed(tmp_path: Path) -> None:
    got = said(tmp_path, CODE, "FF1013", MSG, (119, 120))
    assert got.startswith("TRUE_POSITIVE"), got
    assert "the member `action` is returned from event_get()" in got, got
    assert "storage ends" not in got, got
