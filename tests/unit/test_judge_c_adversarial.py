"""Adversarial C snippets against the analyst's "safe" rules (written for these tests; none taken
from a corpus). Each case either must not be FALSE_POSITIVE (a real weakness the rule could hide) or
pins the sound verdict that must stay. Causes covered:

- a static function's calls: a macro of an included header that calls it, a file that includes its
  file, a token-pasting macro, a flag macro defined two ways under ``#ifdef``;
- string lengths: a write after the copy in a loop around it (or behind a ``goto``), a global or an
  escaped local written by a call that does not name it, terminators and copies through a pointer
  into the middle of the array, ``memset`` of zeros with a count that may be 0 or at an offset, a
  pointer that may point at two arrays, element stores that change a string initialised by a literal;
- a block sized ``strlen(s) + 1`` whose string grows in the loop around the copy;
- checks that stop holding: a store through a pointer to the checked variable;
- ``abs(x) <= K`` of an ``int`` (``abs(INT_MIN)`` stays negative);
- (pointer, length) parameter pairs: a length read from the source's own bytes, a source at an offset,
  a source moved before the copy (also in a loop around it or behind a backward ``goto``); a pair
  changed only after the copy, with a forward ``goto``, still holds;
- pointers handed back: a parameter returned unchanged into the caller's own pointer, an alloca()
  block returned to callers that drop it;
- a wide copy of ``wcslen(s) + 1`` characters copies the terminator;
- a macro defined only as a fallback (``#ifndef HOST_NAME_MAX``) may have another value in the build
  (glibc's ``<limits.h>`` says 64): no size is taken from it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import judge_finding
from sastls.analyzers.findings.model import Finding, Location, Region

FP = "FALSE_POSITIVE"
STRCPY = ("flawfinder", "FF1001", (120,), "buffer/strcpy:Does not check for buffer overflows (CWE-120).")
MEMCPY = ("flawfinder", "FF1004", (120,), "buffer/memcpy:Does not check for buffer overflows (CWE-120).")
WCSNCPY = ("flawfinder", "FF1009", (120,), "buffer/wcsncpy:Easily used incorrectly (CWE-120).")
DECL = ("flawfinder", "FF1013", (119, 120), "buffer/char:Statically-sized arrays (CWE-119!/CWE-120).")
STRCAT = ("flawfinder", "FF1005", (120,), "buffer/strcat:Does not check for buffer overflows (CWE-120).")
STRNCAT = ("flawfinder", "FF1010", (120,), "buffer/strncat:Easily used incorrectly (CWE-120).")
ATOI = (
    "flawfinder",
    "FF1047",
    (190,),
    "integer/atoi:Unless checked, the resulting number can exceed (CWE-190).",
)
ALLOCA = ("cppcheck", "allocaCalled", (), "Obsolete function 'alloca' called.")
SIGN = (
    "cppcheck",
    "signConversion",
    (195,),
    "Expression 'n' can have a negative value. That is converted to an unsigned value and used in an "
    "unsigned calculation.",
)

CASES: list[tuple[str, tuple[str, str, tuple[int, ...], str], str, str, dict[str, str]]] = [
    (
        "paste",
        STRCPY,
        "not FP",
        """
#include <string.h>
#define CAT(a, b) a##b
static void helper(const char *s)
{
    char d[10];
    strcpy(d, s); /* <- */
}
void (*exported)(const char *) = CAT(hel, per);
void run(void)
{
    helper("short");
}
""",
        {},
    ),
    (
        "loop",
        STRCPY,
        "not FP",
        """
#include <string.h>
void run(void)
{
    char s[100] = "ab";
    char d[10];
    int i;
    for (i = 0; i < 20; i++) {
        strcpy(d, s); /* <- */
        strcat(s, "abc");
    }
}
""",
        {},
    ),
    (
        "global",
        STRCPY,
        "not FP",
        """
#include <string.h>
static char g[100];
void mutate(const char *in);
void run(const char *in)
{
    char d[10];
    strcpy(g, "hi");
    mutate(in);
    strcpy(d, g); /* <- */
}
""",
        {},
    ),
    (
        "escaped",
        STRCPY,
        "not FP",
        """
#include <string.h>
char *gp;
void mutate(const char *in);
void run(const char *in)
{
    char s[100] = "hi";
    char d[10];
    gp = s;
    mutate(in);
    strcpy(d, s); /* <- */
}
""",
        {},
    ),
    (
        "offset-alias",
        STRCPY,
        "not FP",
        r"""
#include <string.h>
void run(void)
{
    char s[100];
    char d[10];
    char *p;
    memset(s, 'A', 99);
    s[99] = '\0';
    p = s + 50;
    *p = '\0';
    strcpy(d, s); /* <- */
}
""",
        {},
    ),
    (
        "offset-alias2",
        STRCPY,
        "not FP",
        r"""
#include <string.h>
void run(void)
{
    char s[100];
    char d[10];
    char *p = s + 50;
    memset(s, 'A', 99);
    s[99] = '\0';
    p[3] = '\0';
    strcpy(d, s); /* <- */
}
""",
        {},
    ),
    (
        "memset-off",
        STRCPY,
        "not FP",
        r"""
#include <string.h>
void run(void)
{
    char s[100];
    char d[10];
    memset(s, 'A', 99);
    s[99] = '\0';
    memset(s + 50, 0, 10);
    strcpy(d, s); /* <- */
}
""",
        {},
    ),
    (
        "memset-zero-count",
        STRCPY,
        "not FP",
        r"""
#include <string.h>
void run(int n)
{
    char s[100];
    char d[10];
    memset(s, 'A', 99);
    s[99] = '\0';
    memset(s, 0, n);
    strcpy(d, s); /* <- */
}
""",
        {},
    ),
    (
        "strcpy-alias",
        STRCPY,
        "not FP",
        r"""
#include <string.h>
void run(void)
{
    char s[100];
    char d[10];
    char *p = s + 50;
    memset(s, 'A', 99);
    s[99] = '\0';
    strcpy(p, "x");
    strcpy(d, s); /* <- */
}
""",
        {},
    ),
    (
        "goto",
        STRCPY,
        "not FP",
        """
#include <string.h>
void run(int n)
{
    char s[100] = "ab";
    char d[10];
again:
    strcpy(d, s); /* <- */
    strcat(s, "abc");
    if (n-- > 0)
        goto again;
}
""",
        {},
    ),
    (
        "sized-loop",
        STRCPY,
        "not FP",
        """
#include <string.h>
#include <stdlib.h>
void run(char *s, int n)
{
    size_t len = strlen(s);
    char *d = malloc(len + 1);
    int i;
    if (d == NULL) return;
    for (i = 0; i < n; i++) {
        strcpy(d, s); /* <- */
        strcat(s, "x");
    }
    free(d);
}
""",
        {},
    ),
    (
        "fgets-off",
        STRCPY,
        "not FP",
        r"""
#include <string.h>
#include <stdio.h>
void run(void)
{
    char s[100];
    char d[10];
    char *p = s + 50;
    memset(s, 'A', 99);
    s[99] = '\0';
    fgets(p, 5, stdin);
    strcpy(d, s); /* <- */
}
""",
        {},
    ),
    (
        "caller-after",
        STRCPY,
        "not FP",
        """
#include <string.h>
char *gp;
void grow(void);
static void helper(char *s)
{
    char d[10];
    strcpy(d, s); /* <- */
}
void run(void)
{
    char buf[100] = "short";
    gp = buf;
    grow();
    helper(buf);
}
""",
        {},
    ),
    (
        "ptr-in-branch",
        SIGN,
        "not FP",
        """
#include <stdlib.h>
#include <string.h>
void run(char *d, const char *s, const char *t)
{
    int n = atoi(t);
    int *p = &n;
    if (n >= 0) {
        *p = -1;
        memcpy(d, s, n); /* <- */
    }
}
""",
        {},
    ),
    (
        "hdr-macro",
        SIGN,
        "not FP",
        """
#include <stdlib.h>
#include <string.h>
#include "m.h"
static void helper(char *d, const char *s, int n)
{
    memcpy(d, s, n); /* <- */
}
void run(char *d, const char *s, int k)
{
    helper(d, s, 4);
    CALL(d, s, k);
}
""",
        {"m.h": "#define CALL(d, s, k) helper(d, s, k)\n"},
    ),
    (
        "unity",
        SIGN,
        "not FP",
        """
#include <stdlib.h>
#include <string.h>
static void helper3(char *d, const char *s, int n)
{
    memcpy(d, s, n); /* <- */
}
void run(char *d, const char *s)
{
    helper3(d, s, 4);
}
""",
        {"unity.c": '#include "main.c"\nvoid other2(char *d, const char *s, int k) { helper3(d, s, k); }\n'},
    ),
    (
        "ifdef",
        SIGN,
        "not FP",
        """
#include <stdlib.h>
#include <string.h>
#ifdef WIDE
#define ON 1
#else
#define ON 0
#endif
static void helper4(char *d, const char *s, int n)
{
    memcpy(d, s, n); /* <- */
}
void run(char *d, const char *s, int k)
{
    helper4(d, s, 4);
    if (ON)
        helper4(d, s, k);
}
""",
        {},
    ),
    (
        "pair-source-moved-before",
        MEMCPY,
        "not FP",
        """
#include <string.h>
void use(unsigned char *d);
void take(const unsigned char *p, size_t n)
{
    unsigned char d[64];
    if (n > sizeof d) return;
    p += 4;
    memcpy(d, p, n); /* <- */
    use(d);
}
""",
        {},
    ),
    (
        "pair-source-moved-in-loop",
        MEMCPY,
        "not FP",
        """
#include <string.h>
void use(unsigned char *d);
void take(const unsigned char *p, size_t n, int rounds)
{
    unsigned char d[64];
    if (n > sizeof d) return;
    while (rounds-- > 0) {
        memcpy(d, p, n); /* <- */
        use(d);
        p += n;
    }
}
""",
        {},
    ),
    (
        "pair-backward-goto",
        MEMCPY,
        "not FP",
        """
#include <string.h>
int use(unsigned char *d);
void take(const unsigned char *p, size_t n)
{
    unsigned char d[64];
    if (n > sizeof d) return;
again:
    memcpy(d, p, n); /* <- */
    if (use(d)) {
        p = p + n;
        goto again;
    }
}
""",
        {},
    ),
    (
        "pair-changed-after-forward-goto",
        MEMCPY,
        FP,
        """
#include <string.h>
int use(unsigned char *d);
int take(const unsigned char *p, size_t n)
{
    unsigned char d[64];
    if (n == 0 || n > sizeof d) goto fail;
    memcpy(d, p, n); /* <- */
    n = 0;
    return d[0];
fail:
    n = 0;
    return -1;
}
""",
        {},
    ),
    (
        "fallback-macro-size",
        STRCPY,
        "not FP",
        """
#include <limits.h>
#include <string.h>
#ifndef HOST_NAME_MAX
#define HOST_NAME_MAX 255
#endif
struct conf { char host[HOST_NAME_MAX + 1]; };
void set(struct conf *c)
{
    strcpy(c->host, /* <- */
           "a-name-of-one-hundred-characters-is-longer-than-the-sixty-four-"
           "linux-allows-for-a-host-name-0123456");
}
""",
        {},
    ),
    (
        "strftime-bound-larger-than-the-array",
        DECL,
        "not FP",
        """
#include <stdio.h>
#include <time.h>
void stamp_now(void)
{
    char stamp[32]; /* <- */
    time_t now = time(NULL);
    strftime(stamp, 64, "%Y-%m-%dT%H:%M:%S", gmtime(&now));
    puts(stamp);
}
""",
        {},
    ),
    (
        "strftime-bounded-by-its-array",
        DECL,
        FP,
        """
#include <stdio.h>
#include <time.h>
void stamp_now(void)
{
    char stamp[32]; /* <- */
    time_t now = time(NULL);
    if (strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%S", gmtime(&now)) == 0)
        return;
    puts(stamp);
}
""",
        {},
    ),
    (
        "len-from-src",
        MEMCPY,
        "not FP",
        """
#include <string.h>
void parse(const unsigned char *src)
{
    unsigned char d[256];
    unsigned char n = src[0];
    if (n > 255) return;
    memcpy(d, src + 1, n); /* <- */
    d[0] = 0;
}
""",
        {},
    ),
    (
        "len-offset",
        MEMCPY,
        "not FP",
        """
#include <string.h>
void parse(const char *src, unsigned char n)
{
    char d[512];
    if (n > 255) return;
    memcpy(d, src + 20, n); /* <- */
}
""",
        {},
    ),
    (
        "repoint",
        STRCPY,
        "not FP",
        r"""
#include <string.h>
void run(const char *in)
{
    char a[100];
    char b[100];
    char d[10];
    char *p;
    strncpy(b, in, 99);
    b[99] = '\0';
    p = a;
    strcpy(p, "hi");
    p = b;
    strcpy(d, p); /* <- */
}
""",
        {},
    ),
    (
        "elem",
        STRCPY,
        "not FP",
        """
#include <string.h>
void run(const char *in)
{
    char a[100] = "hi";
    char d[10];
    int i;
    for (i = 0; i < 50; i++)
        a[i] = 'x';
    strcpy(d, a); /* <- */
}
""",
        {},
    ),
    (
        "elem2",
        STRCPY,
        "not FP",
        """
#include <string.h>
void run(const char *in)
{
    char a[100] = "hi";
    char d[10];
    a[2] = 'x';
    strcpy(d, a); /* <- */
}
""",
        {},
    ),
    (
        "ptr-store",
        STRCPY,
        "not FP",
        """
#include <string.h>
void run(const char *in)
{
    char a[100] = "hi";
    char d[10];
    char *q = a + 2;
    *q = 'x';
    strcpy(d, a); /* <- */
}
""",
        {},
    ),
    (
        "abs-int",
        ATOI,
        "not FP",
        """
#include <stdlib.h>
#include <stdio.h>
void run(const char *s)
{
    int data = atoi(s); /* <- */
    if (abs(data) <= 100) {
        int r = data - 1;
        printf("%d", r);
    }
}
""",
        {},
    ),
    (
        "abs-int-sq",
        ATOI,
        "not FP",
        """
#include <stdlib.h>
#include <stdio.h>
void run(const char *s)
{
    int data = atoi(s); /* <- */
    if (abs(data) <= 1000) {
        int r = data * data;
        printf("%d", r);
    }
}
""",
        {},
    ),
    (
        "struct",
        STRCPY,
        "not FP",
        """
#include <string.h>
struct ops { void (*copy)(const char *); };
static void helper(const char *s)
{
    char d[10];
    strcpy(d, s); /* <- */
}
static struct ops table = { helper };
void run(const char *in)
{
    helper("short");
    table.copy(in);
}
""",
        {},
    ),
    (
        "table",
        STRCPY,
        "not FP",
        """
#include <string.h>
static void helper(const char *s)
{
    char d[10];
    strcpy(d, s); /* <- */
}
static void (*tab[])(const char *) = { helper };
void run(const char *in)
{
    helper("short");
    tab[0](in);
}
""",
        {},
    ),
    (
        "dead",
        STRCPY,
        "not FP",
        """
#include <string.h>
static int on = 0;
static void helper(const char *s)
{
    char d[10];
    strcpy(d, s); /* <- */
}
void enable(void)
{
    int *p = &on;
    *p = 1;
}
void run(const char *in)
{
    helper("short");
    if (on)
        helper(in);
}
""",
        {},
    ),
    (
        "dead2",
        STRCPY,
        "not FP",
        """
#include <string.h>
static int on = 0;
static void helper(const char *s)
{
    char d[10];
    strcpy(d, s); /* <- */
}
void enable(int *flag);
void run(const char *in)
{
    enable(&on);
    helper("short");
    if (on)
        helper(in);
}
""",
        {},
    ),
    (
        "sized-callee",
        STRCPY,
        "not FP",
        """
#include <string.h>
#include <stdlib.h>
char *gp;
void grow(void);
void run(char *s)
{
    size_t len;
    char *d;
    gp = s;
    len = strlen(s);
    d = malloc(len + 1);
    if (d == NULL) return;
    grow();
    strcpy(d, s); /* <- */
    free(d);
}
""",
        {},
    ),
    (
        "strlen-callee",
        STRCPY,
        "not FP",
        """
#include <string.h>
char *gp;
void grow(void);
static void helper(char *s)
{
    char d[10];
    grow();
    strcpy(d, s); /* <- */
}
void run(void)
{
    char buf[100] = "short";
    gp = buf;
    helper(buf);
}
""",
        {},
    ),
    (
        "sign-other",
        SIGN,
        "TRUE_POSITIVE",
        """
#include <stdlib.h>
#include <string.h>
void run(const char *t, char *d, const char *s)
{
    int n = atoi(t);
    int m = 5;
    if (m >= 0)
        memcpy(d, s, n); /* <- */
}
""",
        {},
    ),
    (
        "sign-loop",
        SIGN,
        "not FP",
        """
#include <stdlib.h>
#include <string.h>
void run(char *d, const char *s)
{
    int n = 10;
    while (n >= 0) {
        n = n - 3;
        memcpy(d, s, n); /* <- */
    }
}
""",
        {},
    ),
    (
        "sign-char",
        SIGN,
        "not FP",
        """
#include <stdlib.h>
#include <string.h>
void run(char *d, const char *s)
{
    char c = s[0];
    memcpy(d, s, c); /* <- */
}
""",
        {},
    ),
    (
        "sign-shadow",
        SIGN,
        "TRUE_POSITIVE",
        """
#include <stdlib.h>
#include <string.h>
size_t n;
void run(char *d, const char *s, const char *t)
{
    int n = atoi(t);
    memcpy(d, s, n); /* <- */
}
""",
        {},
    ),
    (
        "sign-ssize",
        SIGN,
        "not FP",
        """
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
void run(int fd, char *d, const char *s)
{
    ssize_t n = read(fd, d, 10);
    memcpy(d, s, n); /* <- */
}
""",
        {},
    ),
    (
        "sign-static",
        SIGN,
        "not FP",
        """
#include <stdlib.h>
#include <string.h>
static void helper(char *d, const char *s, int n)
{
    memcpy(d, s, n); /* <- */
}
void run(char *d, const char *s, int k)
{
    helper(d, s, 4);
    if (k > 3)
        helper(d, s, k - 10);
}
""",
        {},
    ),
    (
        "sign-global",
        SIGN,
        "not FP",
        """
#include <stdlib.h>
#include <string.h>
int g = 5;
void run(char *d, const char *s)
{
    int n = g;
    memcpy(d, s, n); /* <- */
}
void set(void) { g = -1; }
""",
        {},
    ),
    (
        "sign-ptr",
        SIGN,
        "not FP",
        """
#include <stdlib.h>
#include <string.h>
void change(int *p);
void run(char *d, const char *s)
{
    int n = 5;
    int *p = &n;
    change(p);
    memcpy(d, s, n); /* <- */
}
""",
        {},
    ),
    (
        "sign-ptr2",
        SIGN,
        "not FP",
        """
#include <stdlib.h>
#include <string.h>
void run(char *d, const char *s, int k)
{
    int n = 5;
    int *p = &n;
    *p = k;
    memcpy(d, s, n); /* <- */
}
""",
        {},
    ),
    (
        "sign-arr",
        SIGN,
        "not FP",
        """
#include <stdlib.h>
#include <string.h>
void run(char *d, const char *s, int k)
{
    int n = 5;
    if (k > 0) {
        n = k;
    }
    n -= 20;
    memcpy(d, s, n); /* <- */
}
""",
        {},
    ),
    (
        "sign-abs",
        SIGN,
        "not FP",
        """
#include <stdlib.h>
#include <string.h>
void run(char *d, const char *s, const char *t)
{
    int n = abs(atoi(t));
    memcpy(d, s, n); /* <- */
}
""",
        {},
    ),
    (
        "sign-scanf-short",
        SIGN,
        "FALSE_POSITIVE",
        """
#include <stdio.h>
#include <string.h>
void run(char *d, const char *s)
{
    int n = 0;
    short k;
    scanf("%hd", &k);
    if (k >= 0)
        n = k;
    memcpy(d, s, n); /* <- */
}
""",
        {},
    ),
    (
        "or",
        SIGN,
        "TRUE_POSITIVE",
        """
#include <stdlib.h>
#include <string.h>
void run(char *d, const char *s, const char *t, int flag)
{
    int n = atoi(t);
    if (n >= 0 || flag)
        memcpy(d, s, n); /* <- */
}
""",
        {},
    ),
    (
        "static-ptr",
        SIGN,
        "not FP",
        """
#include <stdlib.h>
#include <string.h>
static void helper(char *d, const char *s, int n)
{
    memcpy(d, s, n); /* <- */
}
void run(char *d, const char *s)
{
    helper(d, s, 4);
}
void (*escape)(char *, const char *, int) = &helper;
""",
        {},
    ),
    (
        "if0",
        SIGN,
        "not FP",
        """
#include <stdlib.h>
#include <string.h>
static void helper5(char *d, const char *s, int n)
{
    memcpy(d, s, n); /* <- */
}
void run(char *d, const char *s, int k)
{
    helper5(d, s, 4);
#if 1
    helper5(d, s, k);
#endif
}
""",
        {},
    ),
    (
        "cond-global",
        SIGN,
        "not FP",
        """
#include <stdlib.h>
#include <string.h>
int verbose = 0;
static void helper6(char *d, const char *s, int n)
{
    memcpy(d, s, n); /* <- */
}
void run(char *d, const char *s, int k)
{
    helper6(d, s, 4);
    if (verbose)
        helper6(d, s, k);
}
""",
        {},
    ),
    (
        "static-flag-fnptr",
        SIGN,
        "not FP",
        """
#include <stdlib.h>
#include <string.h>
static int on = 0;
static void helper7(char *d, const char *s, int n)
{
    memcpy(d, s, n); /* <- */
}
void run(char *d, const char *s, int k)
{
    helper7(d, s, 4);
    if (on)
        helper7(d, s, k);
}
void setter(int **pp) { *pp = &on; }
""",
        {},
    ),
    (
        "len-plus",
        MEMCPY,
        "not FP",
        """
#include <string.h>
void parse(const char *src, unsigned char n)
{
    char d[512];
    if (n + 10 > 255) return;
    memcpy(d, src, n + 10); /* <- */
}
""",
        {},
    ),
    (
        "len-plain",
        MEMCPY,
        "FALSE_POSITIVE",
        """
#include <string.h>
void parse(const char *src, unsigned char n)
{
    char d[512];
    if (n > 255) return;
    memcpy(d, src, n); /* <- */
}
""",
        {},
    ),
    (
        "len-deref",
        MEMCPY,
        "not FP",
        """
#include <string.h>
void parse(const unsigned char *src)
{
    unsigned char d[256];
    if (*src > 255) return;
    memcpy(d, src + 1, *src); /* <- */
}
""",
        {},
    ),
    (
        "repoint2",
        STRCPY,
        "not FP",
        r"""
#include <string.h>
void run(const char *in, int k)
{
    char a[100] = "hi";
    char b[100];
    char d[10];
    char *p = a;
    strncpy(b, in, 99);
    b[99] = '\0';
    if (k)
        p = b;
    strcpy(d, p); /* <- */
}
""",
        {},
    ),
    (
        "alias-write",
        STRCPY,
        "not FP",
        """
#include <string.h>
void run(const char *in)
{
    char a[100] = "hi";
    char d[10];
    char *q = a;
    strncpy(q, in, 99);
    strcpy(d, a); /* <- */
}
""",
        {},
    ),
    (
        "param-write",
        STRCPY,
        "not FP",
        """
#include <string.h>
void run(char *s, const char *in)
{
    char d[10];
    strcpy(s, "hi");
    strcat(s + 1, in);
    strcpy(d, s); /* <- */
}
""",
        {},
    ),
    (
        "sprintf",
        STRCPY,
        "not FP",
        """
#include <string.h>
#include <stdio.h>
void run(const char *in)
{
    char a[100] = "hi";
    char d[10];
    sprintf(a, "%s", in);
    strcpy(d, a); /* <- */
}
""",
        {},
    ),
    (
        "memcpy",
        STRCPY,
        "not FP",
        """
#include <string.h>
void run(const char *in)
{
    char a[100] = "hi";
    char d[10];
    memcpy(a, in, 50);
    strcpy(d, a); /* <- */
}
""",
        {},
    ),
    (
        "abs-char",
        ATOI,
        "FALSE_POSITIVE",
        """
#include <stdlib.h>
#include <stdio.h>
void run(const char *s)
{
    char data = (char)atoi(s); /* <- */
    if (abs((long)data) <= 10) {
        int r = data * data;
        printf("%d", r);
    }
}
""",
        {},
    ),
    (
        "abs-ll",
        ATOI,
        "FALSE_POSITIVE",
        """
#include <stdlib.h>
#include <stdio.h>
#include <inttypes.h>
void run(const char *s)
{
    int64_t data = atoll(s);
    int n = atoi(s); /* <- */
    if (imaxabs((intmax_t)n) <= 1000) {
        int r = n * n;
        printf("%d %lld", r, (long long)data);
    }
}
""",
        {},
    ),
    (
        "string-unchanged-in-the-loop-around-the-copy",
        STRCPY,
        "FALSE_POSITIVE",
        """
#include <string.h>
void run(void)
{
    char s[100] = "ab";
    char d[10];
    int i;
    for (i = 0; i < 20; i++) {
        strcpy(d, s); /* <- */
        d[0] = 'x';
    }
}
""",
        {},
    ),
    (
        "global-written-then-copied-with-no-call-between",
        STRCPY,
        "FALSE_POSITIVE",
        """
#include <string.h>
static char g[100];
void mutate(const char *in);
void run(const char *in)
{
    char d[10];
    mutate(in);
    strcpy(g, "hi");
    strcpy(d, g); /* <- */
}
""",
        {},
    ),
    (
        "terminator-written-at-the-array-itself",
        STRCPY,
        "FALSE_POSITIVE",
        r"""
#include <string.h>
void run(void)
{
    char s[100];
    char d[10];
    memset(s, 'A', 99);
    s[99] = '\0';
    s[5] = '\0';
    strcpy(d, s); /* <- */
}
""",
        {},
    ),
    (
        "zeros-from-the-start-of-the-array",
        STRCPY,
        "FALSE_POSITIVE",
        r"""
#include <string.h>
void run(void)
{
    char s[100];
    char d[10];
    memset(s, 'A', 99);
    s[99] = '\0';
    memset(s, 0, 10);
    strcpy(d, s); /* <- */
}
""",
        {},
    ),
    (
        "block-sized-for-a-string-copied-in-a-loop-that-leaves-it",
        STRCPY,
        "FALSE_POSITIVE",
        """
#include <string.h>
#include <stdlib.h>
void run(char *s, int n)
{
    size_t len = strlen(s);
    char *d = malloc(len + 1);
    int i;
    if (d == NULL) return;
    for (i = 0; i < n; i++) {
        strcpy(d, s); /* <- */
        puts(d);
    }
    free(d);
}
""",
        {},
    ),
    (
        "sign-checked-in-the-branch",
        SIGN,
        "FALSE_POSITIVE",
        """
#include <stdlib.h>
#include <string.h>
void run(char *d, const char *s, const char *t)
{
    int n = atoi(t);
    if (n >= 0) {
        memcpy(d, s, n); /* <- */
    }
}
""",
        {},
    ),
    (
        "static-helper-header-macro-not-naming-it",
        SIGN,
        "FALSE_POSITIVE",
        """
#include <stdlib.h>
#include <string.h>
#include "m.h"
static void helper(char *d, const char *s, int n)
{
    memcpy(d, s, n); /* <- */
}
void run(char *d, const char *s, int k)
{
    helper(d, s, 4);
    CALL(d, s, k);
}
""",
        {"m.h": "#define CALL(d, s, k) other(d, s, k)\n"},
    ),
    (
        "constant-flag-defined-one-way",
        SIGN,
        "FALSE_POSITIVE",
        """
#include <stdlib.h>
#include <string.h>
#define ON 0
static void helper(char *d, const char *s, int n)
{
    memcpy(d, s, n); /* <- */
}
void run(char *d, const char *s, int k)
{
    helper(d, s, 4);
    if (ON)
        helper(d, s, k);
}
""",
        {},
    ),
    (
        "parameter-returned-unchanged-into-the-callers-pointer",
        DECL,
        "FALSE_POSITIVE",
        """
#include <string.h>
#include <stdlib.h>
#include <stdio.h>
static char *append(char *data)
{
    size_t len = strlen(data);
    char *more = getenv("MORE");
    if (more != NULL)
        strncat(data + len, more, 100 - len - 1);
    return data;
}
static void run(void)
{
    char *data;
    char room[100] = ""; /* <- */
    data = room;
    data = append(data);
    puts(data);
}
int main(void) { run(); return 0; }
""",
        {},
    ),
    (
        "parameter-returned-into-a-pointer-not-followed",
        DECL,
        "not FP",
        """
#include <string.h>
#include <stdlib.h>
#include <stdio.h>
static char *append(char *data)
{
    return data;
}
char *kept;
static void run(void)
{
    char *data;
    char room[100] = ""; /* <- */
    data = room;
    kept = append(data);
    puts(data);
}
int main(void) { run(); return 0; }
""",
        {},
    ),
    (
        "alloca-block-returned-to-callers-that-drop-it",
        ALLOCA,
        "FALSE_POSITIVE",
        """
#include <alloca.h>
#include <string.h>
#include <stdio.h>
static char *make(char *data)
{
    data = (char *)alloca(100);  /* <- */
    strcpy(data, "A String");
    puts(data);
    return data;
}
static void run(void)
{
    char *data = NULL;
    data = make(data);
}
int main(void) { run(); return 0; }
""",
        {},
    ),
    (
        "alloca-block-returned-to-a-caller-that-reads-it",
        ALLOCA,
        "not FP",
        """
#include <alloca.h>
#include <string.h>
#include <stdio.h>
static char *make(char *data)
{
    data = (char *)alloca(100);  /* <- */
    strcpy(data, "A String");
    return data;
}
static void run(void)
{
    char *data = NULL;
    data = make(data);
    puts(data);
}
int main(void) { run(); return 0; }
""",
        {},
    ),
    (
        "wide-copy-counting-the-terminator-in-characters",
        WCSNCPY,
        "FALSE_POSITIVE",
        r"""
#include <wchar.h>
#include <stdlib.h>
#define SRC L"AAAAAAAAAA"
static void fill(wchar_t *data)
{
    wchar_t source[10 + 1] = SRC;
    wcsncpy(data, source, wcslen(source) + 1); /* <- */
    wprintf(L"%ls\n", data);
    free(data);
}
static void run(void)
{
    wchar_t *data = (wchar_t *)malloc((10 + 1) * sizeof(wchar_t));
    if (data == NULL) exit(1);
    fill(data);
}
int main(void) { run(); return 0; }
""",
        {},
    ),
    (
        "pointer-kept-in-a-global-by-a-helper",
        DECL,
        "not FP",
        """
#include <string.h>
static char *keep;
static void remember(char *p) { keep = p; }
static void fill(const char *in) { strcpy(keep, in); }
void run(const char *in)
{
    char buf[10]; /* <- */
    remember(buf);
    fill(in);
}
""",
        {},
    ),
    (
        "pointer-handed-back-through-three-helpers",
        DECL,
        "not FP",
        """
#include <string.h>
static char *id(char *p) { return p; }
static char *mid(char *p) { return id(p); }
static char *top(char *p) { return mid(p); }
void run(const char *in)
{
    char buf[10]; /* <- */
    char *q = top(buf);
    strcpy(q, in);
}
""",
        {},
    ),
    (
        "wrapper-keeps-its-destination-in-a-global",
        DECL,
        "not FP",
        """
#include <string.h>
char *last;
static void put(char *dst, const char *src)
{
    strcpy(dst, src);
    last = dst;
}
void spoil(void);
void run(void)
{
    char b[10]; /* <- */
    put(b, "ab");
    spoil();
}
""",
        {},
    ),
    (
        "wrapper-appends-in-a-loop",
        DECL,
        "not FP",
        """
#include <string.h>
static void put(char *dst, const char *src, int n)
{
    int i;
    for (i = 0; i < n; i++)
        strcat(dst, src);
}
void run(int n)
{
    char b[10] = ""; /* <- */
    put(b, "ab", n);
}
""",
        {},
    ),
    (
        "wrapper-copies-a-short-literal",
        DECL,
        "FALSE_POSITIVE",
        """
#include <string.h>
static void put(char *dst, const char *src)
{
    strcpy(dst, src);
}
void run(void)
{
    char b[10]; /* <- */
    put(b, "ab");
}
""",
        {},
    ),
    (
        "strcat-in-a-loop-of-unknown-rounds",
        STRCAT,
        "not FP",
        """
#include <string.h>
void run(int n)
{
    char b[10] = "";
    int i;
    for (i = 0; i < n; i++)
        strcat(b, "ab"); /* <- */
}
""",
        {},
    ),
    (
        "strcat-in-a-loop-that-runs-once",
        STRCAT,
        "FALSE_POSITIVE",
        """
#include <string.h>
void run(void)
{
    char b[10] = "";
    int i;
    for (i = 0; i < 1; i++)
        strcat(b, "ab"); /* <- */
}
""",
        {},
    ),
    (
        "strncat-in-a-loop-of-unknown-rounds",
        STRNCAT,
        "not FP",
        """
#include <string.h>
void run(int n, const char *in)
{
    char b[10] = "";
    int i;
    for (i = 0; i < n; i++)
        strncat(b, in, 3); /* <- */
}
""",
        {},
    ),
    (
        "strcpy-of-a-literal-in-a-loop",
        STRCPY,
        "FALSE_POSITIVE",
        """
#include <string.h>
void run(int n)
{
    char b[10] = "";
    int i;
    for (i = 0; i < n; i++)
        strcpy(b, "abcdef"); /* <- */
}
""",
        {},
    ),
    (
        "literal-macro-defined-two-ways-the-longer-does-not-fit",
        STRCPY,
        "not FP",
        """#include <string.h>
#ifdef WIN
#define START "dir "
#else
#define START "ls "
#endif
void run(void)
{
    char d[5] = START;
    char e[4];
    strcpy(e, d); /* <- */
}
""",
        {},
    ),
    (
        "literal-macro-defined-two-ways-both-fit",
        STRCPY,
        "FALSE_POSITIVE",
        """#include <string.h>
#ifdef WIN
#define START "dir "
#else
#define START "ls "
#endif
void run(void)
{
    char d[5] = START;
    char e[5];
    strcpy(e, d); /* <- */
}
""",
        {},
    ),
    (
        "wrapper-terminates-below-its-bound-after-a-zero-check",
        DECL,
        "FALSE_POSITIVE",
        r"""
#include <string.h>
static void put(char *dst, size_t cap, const char *src)
{
    size_t n = strlen(src);
    if (cap == 0)
        return;
    if (n >= cap) {
        memcpy(dst, src, cap - 1);
        dst[cap - 1] = '\0';
    } else {
        memcpy(dst, src, n + 1);
    }
}
void run(const char *in)
{
    char name[24]; /* <- */
    put(name, sizeof(name), in);
}
""",
        {},
    ),
    (
        "wrapper-terminates-below-a-bound-that-may-be-zero",
        DECL,
        "not FP",
        r"""
#include <string.h>
static void put(char *dst, size_t cap, const char *src)
{
    size_t n = strlen(src);
    if (n >= cap) {
        memcpy(dst, src, cap - 1);
        dst[cap - 1] = '\0';
    } else {
        memcpy(dst, src, n + 1);
    }
}
void run(const char *in, size_t cap)
{
    char name[24]; /* <- */
    put(name, cap < sizeof(name) ? cap : sizeof(name), in);
}
""",
        {},
    ),
    (
        "wrapper-writes-past-its-bound",
        DECL,
        "not FP",
        r"""
#include <string.h>
static void put(char *dst, size_t cap, const char *src)
{
    if (cap == 0)
        return;
    memcpy(dst, src, cap - 1);
    dst[cap + 4] = '\0';
}
void run(const char *in)
{
    char name[24]; /* <- */
    put(name, sizeof(name), in);
}
""",
        {},
    ),
]


@pytest.mark.parametrize(("name", "finding", "expected", "code", "others"), CASES, ids=[c[0] for c in CASES])
def test_adversarial(
    tmp_path: Path,
    name: str,
    finding: tuple[str, str, tuple[int, ...], str],
    expected: str,
    code: str,
    others: dict[str, str],
) -> None:
    (tmp_path / "main.c").write_text(code)
    for other, body in others.items():
        (tmp_path / other).write_text(body)
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "/* <- */" in ln)
    tool, rule, cwe, message = finding
    j = judge_finding(
        Finding(tool=tool, rule_id=rule, message=message, location=Location("main.c", Region(line)), cwe=cwe),
        WorkspaceIndex(tmp_path),
    )
    if expected == "not FP":
        assert j.verdict != FP, f"{name}: {j.justification}"
    else:
        assert j.verdict == expected, f"{name}: {j.verdict}: {j.justification}"
