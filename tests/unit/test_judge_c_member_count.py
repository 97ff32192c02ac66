"""A count kept in a struct member within a bound by every store of the file (c_member_count): ``if
(t->n >= MAX) return -1; snprintf(t->names[t->n++], ...)`` and ``if (t->n > 0) t->n--;`` keep ``t->n``
at most ``MAX``, so ``for (i = 0; i < t->n; i++) puts(t->names[i])`` indexes inside the array, even
where a call handed the table may change ``t->n`` (its bound holds whatever it became). Unsound
variants stay kept: an increment without a check or under a check one too loose, a decrement without
a check, a store of an unknown number (a store of a variable that checks holding there keep between 0
and a constant the member's type holds is bounded by it; one past, a maybe-negative value, a value
changed after its check or a sum are not), the member's address taken, a table not zeroed when made,
raw bytes read over a table. An index a lookup function of the file returns is bounded by what each
of its returns is (``return (long)i;`` under ``i < t->n``, or -1; c_paths._returned_bound); a lookup
that may return one past the count keeps it. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import said

MSG = "buffer/char:Statically-sized arrays can be improperly restricted (CWE-119!/CWE-120)."
TABLE = """#include <stdio.h>
#include <string.h>

#define MAX_TEXT 64

struct line {
    char text[MAX_TEXT]; /* <- */
    size_t n;
};

static int add_char(struct line *t, int c)
{
    if (t->n >= MAX_TEXT)
        return -1;
    t->text[t->n] = (char)c;
    t->n++;
    return 0;
}

static void drop_last(struct line *t)
{
    if (t->n > 0)
        t->n--;
}

static void show(const struct line *t, FILE *out)
{
    fprintf(out, "%zu\\n", t->n);
}

int main(void)
{
    static struct line tab;
    size_t i;
    int c;

    while ((c = getchar()) != EOF) {
        if (c == 127)
            drop_last(&tab);
        else if (add_char(&tab, c) != 0)
            return 1;
    }
    for (i = 0; i < tab.n; i++) {
        show(&tab, stdout);
        putchar(tab.text[i]);
    }
    return 0;
}
"""

LOOKUP = (
    TABLE.replace(
        "int main(void)",
        """static long find_char(const struct line *t, int c)
{
    size_t i;

    for (i = 0; i < t->n; i++)
        if (t->text[i] == c)
            return (long)i;
    return -1;
}

int main(void)""",
    )
    .replace(
        "    for (i = 0; i < tab.n; i++) {",
        "    k = find_char(&tab, ':');\n    if (k >= 0)\n        tab.text[k] = '=';\n"
        "    for (i = 0; i < tab.n; i++) {",
    )
    .replace("    int c;\n", "    int c;\n    long k;\n")
)

SAFE = {
    "index-found-by-a-lookup": LOOKUP,
    "count-kept-by-every-store": TABLE,
    "table-zeroed-by-its-initialiser": TABLE.replace(
        "    static struct line tab;", "    struct line tab = {0};"
    ),
    "table-zeroed-by-memset": TABLE.replace(
        "    static struct line tab;\n    size_t i;\n    int c;\n",
        "    struct line tab;\n    size_t i;\n    int c;\n\n    memset(&tab, 0, sizeof(tab));\n",
    ),
}

# `t->n = k` under checks that keep `k` between 0 and MAX_TEXT: a store of a checked number
SET = "    if (t->n > 0)\n        t->n--;"
GET = "    size_t k = (size_t)getchar();\n"
FIRST = "    int k = t->text[0];\n"
SAFE_SET = {
    "count-set-to-a-checked-size": GET + "    if (k > MAX_TEXT)\n        return;\n    t->n = k;",
    "count-set-to-a-checked-int": FIRST
    + "    if (k < 0 || k > MAX_TEXT)\n        return;\n    t->n = (size_t)k;",
}
KEPT_SET = {
    "count-set-one-past": GET + "    if (k > MAX_TEXT + 1)\n        return;\n    t->n = k;",
    "count-set-to-an-int-that-may-be-negative": FIRST
    + "    if (k > MAX_TEXT)\n        return;\n    t->n = (size_t)k;",
    "count-set-after-the-checked-number-changed": GET
    + "    if (k > MAX_TEXT)\n        return;\n    k += 2;\n    t->n = k;",
    "count-set-to-a-sum": GET + "    if (k > MAX_TEXT)\n        return;\n    t->n = k + 1;",
}

KEPT = {
    "lookup-result-moved": LOOKUP.replace(
        "    k = find_char(&tab, ':');\n", "    k = find_char(&tab, ':');\n    k += 100;\n"
    ),
    "lookup-result-set-again-on-a-path": LOOKUP.replace(
        "    k = find_char(&tab, ':');\n", "    k = find_char(&tab, ':');\n    if (c > 5)\n        k = c;\n"
    ),
    "index-found-by-a-lookup-one-past": LOOKUP.replace(
        "for (i = 0; i < t->n; i++)\n        if", "for (i = 0; i <= t->n; i++)\n        if"
    ),
    "increment-without-a-check": TABLE.replace(
        "    if (t->n >= MAX_TEXT)\n        return -1;\n    t->text", "    t->text"
    ),
    "increment-under-a-loose-check": TABLE.replace("if (t->n >= MAX_TEXT)", "if (t->n > MAX_TEXT)"),
    "decrement-without-a-check": TABLE.replace("    if (t->n > 0)\n        t->n--;", "    t->n--;"),
    "count-set-to-an-unknown-number": TABLE.replace(
        "    if (t->n > 0)\n        t->n--;", "    t->n = (size_t)strlen(t->text);"
    ),
    "count-address-taken": TABLE.replace(
        '    fprintf(out, "%zu\\n", t->n);',
        '    fprintf(out, "%zu\\n", t->n);\n    sscanf("9", "%zu", &((struct line *)t)->n);',
    ),
    "table-not-zeroed": TABLE.replace("    static struct line tab;", "    struct line tab;"),
    "table-read-as-raw-bytes": TABLE.replace(
        "    while ((c = getchar()) != EOF) {",
        "    if (fread(&tab, sizeof(tab), 1, stdin) != 1)\n        return 1;\n"
        "    while ((c = getchar()) != EOF) {",
    ),
}


@pytest.mark.parametrize("case", sorted(SAFE))
def test_counted_rows_stay_inside(tmp_path: Path, case: str) -> None:
    got = said(tmp_path, SAFE[case], "FF1013", MSG, (119, 120), name="buffer/char")
    assert got.startswith("FALSE_POSITIVE"), (case, got)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_unsound_variants_are_kept(tmp_path: Path, case: str) -> None:
    got = said(tmp_path, KEPT[case], "FF1013", MSG, (119, 120), name="buffer/char")
    assert not got.startswith("FALSE_POSITIVE"), (case, got)


@pytest.mark.parametrize("case", sorted(SAFE_SET))
def test_a_count_set_to_a_checked_number_stays_bounded(tmp_path: Path, case: str) -> None:
    got = said(tmp_path, TABLE.replace(SET, SAFE_SET[case]), "FF1013", MSG, (119, 120), name="buffer/char")
    assert got.startswith("FALSE_POSITIVE"), (case, got)


@pytest.mark.parametrize("case", sorted(KEPT_SET))
def test_a_count_set_to_a_number_not_kept_in_bounds_is_kept(tmp_path: Path, case: str) -> None:
    got = said(tmp_path, TABLE.replace(SET, KEPT_SET[case]), "FF1013", MSG, (119, 120), name="buffer/char")
    assert not got.startswith("FALSE_POSITIVE"), (case, got)
