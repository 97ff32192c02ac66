"""C integer literals (c_values.c_integer), and a judgement that reads one from a macro: an octal
``0``-led number (``#define DEPTH 010`` is 8) must neither crash the analyst nor be read as decimal."""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.taint.c_values import c_integer

from .c_snippet import said


@pytest.mark.parametrize(
    ("spelled", "value"),
    [("0", 0), ("7", 7), ("010", 8), ("0432", 282), ("0x1F", 31), ("0b101", 5), ("-010", -8), ("09", None)],
)
def test_c_integer(spelled: str, value: int | None) -> None:
    assert c_integer(spelled) == value


MEMCPY = "buffer/memcpy:Does not check for buffer overflows when copying to destination (CWE-120)."


@pytest.mark.parametrize(("length", "fits"), [("8", True), ("10", False)])
def test_an_octal_macro_sizes_an_array(tmp_path: Path, length: str, fits: bool) -> None:
    code = (
        "#include <string.h>\n#define DEPTH 010\n"
        + "void put(char *out, const char *src) {\n"
        + "    char b[DEPTH];\n"
        + f'    memcpy(b, "0123456789", {length}); /* <- */\n'
        + "    memcpy(out, b, 1);\n}\n"
    )
    got = said(tmp_path, code, "FF1004", MEMCPY, (120,))
    assert got.startswith("FALSE_POSITIVE") == fits, got
