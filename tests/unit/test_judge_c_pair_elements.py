"""Reads inside a function's own (pointer, length) pair where the length only shrinks, and elements of
such a pair (c_pair_reads over the c_capacity_wp prover): ``while (len > 0 && (line[len - 1] == '\\n'
|| line[len - 1] == '\\r')) len--;`` (the right of ``&&`` runs only where ``len > 0`` held, and each
``len--`` runs under it) and, after it, ``memcpy(name, line + 66, nlen)`` with ``nlen = len - 66``
under ``len >= 67``. Unsound variants stay kept: no ``len > 0``, an ``||`` that reads where the left
failed, a length that grows, a step below 0, a pair of 16-bit elements counted in bytes. Code written
for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import judge_marked, said

MSG_COPY = "buffer/memcpy:Does not check for buffer overflows when copying to destination (CWE-120)."
MSG_DECL = (
    "buffer/char:Statically-sized arrays can be improperly restricted, leading to potential overflows "
    "or other issues (CWE-119!/CWE-120)."
)
CODE = """#include <stdio.h>
#include <string.h>

int check_line(const char *line, size_t len)
{
    char name[64];
    size_t nlen;

    while (len > 0 && (line[len - 1] == '\\n' || line[len - 1] == '\\r'))
        len--;
    if (len < 4 || line[0] != '#' || line[1] != ' ')
        return -1;
    nlen = len - 2;
    if (nlen >= sizeof(name))
        return -1;
    memcpy(name, line + 2, nlen); /* <- */
    name[nlen] = '\\0';
    return puts(name);
}

int main(void)
{
    char line[256]; /* decl */

    while (fgets(line, sizeof(line), stdin))
        check_line(line, strlen(line));
    return 0;
}
"""
WORDS = """#include <stdint.h>
#include <string.h>

int take(const uint8_t *w, size_t len)
{
    uint8_t out[64];

    if (len < 4 || len > sizeof(out) + 2)
        return -1;
    memcpy(out, w + 2, len - 2); /* <- */
    return out[0];
}
"""


def _copy(tmp_path: Path, code: str) -> str:
    return said(tmp_path, code, "FF1004", MSG_COPY, (120,), name="buffer/memcpy")


def _decl(tmp_path: Path, code: str) -> str:
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "/* decl */" in ln)
    got = judge_marked(tmp_path, code, "FF1013", MSG_DECL, (119, 120), name="buffer/char", line=line)
    return f"{got.verdict}: {got.justification}"


def test_a_read_after_the_length_is_trimmed_is_inside_the_pair(tmp_path: Path) -> None:
    got = _copy(tmp_path, CODE)
    assert got.startswith("FALSE_POSITIVE"), got
    assert "its callers' pair" in got, got


def test_the_buffer_handed_with_its_length_is_safe(tmp_path: Path) -> None:
    # the callee reads `line[len - 1]` only under `len > 0`: inside what main hands it
    got = _decl(tmp_path, CODE)
    assert got.startswith("FALSE_POSITIVE"), got


@pytest.mark.parametrize(
    "code",
    [
        CODE.replace("while (len > 0 && (", "while ((").replace("'\\\\r'))\n", "'\\\\r')\n"),
        CODE.replace("while (len > 0 && (", "while (len > 0 || ("),
        CODE.replace("        len--;\n", "        len++;\n"),
        CODE.replace("        len--;\n", "        len -= 2;\n"),
    ],
    ids=["no-length-check", "or-reads-where-the-check-failed", "length-grows", "step-may-wrap"],
)
def test_unsound_trims_are_kept(tmp_path: Path, code: str) -> None:
    assert code != CODE
    assert not _decl(tmp_path, code).startswith("FALSE_POSITIVE")


def test_a_pair_of_bytes_read_at_an_offset_is_safe(tmp_path: Path) -> None:
    got = _copy(tmp_path, WORDS)
    assert got.startswith("FALSE_POSITIVE"), got


def test_elements_of_a_wider_type_are_not_counted_in_bytes(tmp_path: Path) -> None:
    # `w + 2` is 4 bytes on: a length that counts bytes would be overrun by 2
    got = _copy(tmp_path, WORDS.replace("const uint8_t *w", "const uint16_t *w"))
    assert not got.startswith("FALSE_POSITIVE"), got
