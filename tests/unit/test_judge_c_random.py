"""Weak randomness in C (flawfinder's ``random/*`` rules, CWE-330/338): its own family, judged by what
the numbers are used for; written for these tests, none taken from a corpus.

- a generator's value stored in a key, token, salt or session id (by the name of the variable, field
  or array, or the function that makes it), or handed to a crypto library, is a real weakness;
- a value only used as a delay (``usleep``, ``sleep``, a ``poll`` timeout) is not;
- anything else (printed, returned, stored where its use is not seen) is left for review;
- a seeder is judged by the generator calls of its program (not by another program's ``main``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import judge_finding
from sastls.analyzers.code.taint.c_random import secret_name
from sastls.analyzers.code.taint.families import family_of
from sastls.analyzers.findings.model import Finding, Location, Region

TP, FP, NR = "TRUE_POSITIVE", "FALSE_POSITIVE", "NEEDS_REVIEW"


def finding(line: int, path: str = "main.c", name: str = "random/srand") -> Finding:
    return Finding(
        tool="flawfinder",
        rule_id="FF1048",
        message="This function is not sufficiently random for security-related functions",
        location=Location(path, Region(line)),
        cwe=(327,),
        rule_name=name,
    )


def verdict(tmp_path: Path, code: str, extra: dict[str, str] | None = None) -> tuple[str, str]:
    (tmp_path / "main.c").write_text(code)
    for name, body in (extra or {}).items():
        (tmp_path / name).write_text(body)
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "/* <- */" in ln)
    j = judge_finding(finding(line), WorkspaceIndex(tmp_path))
    return j.verdict, j.justification


def test_flawfinder_random_rules_are_weak_randomness_not_a_weak_hash() -> None:
    assert family_of(finding(1)) == "weak_random"
    assert family_of(finding(1, name="random/rand")) == "weak_random"
    crypt = Finding(
        tool="flawfinder", rule_id="FF1010", message="m", location=Location("a.c", Region(1)), cwe=(327,),
        rule_name="crypto/crypt",
    )  # fmt: skip
    assert family_of(crypt) == "weak_hash"


@pytest.mark.parametrize(
    ("name", "secret"),
    [("session_id", True), ("authToken", True), ("API_KEY", True), ("keys", True), ("c->salt", True),
     ("keyboard", False), ("spin", False), ("monkey", False), ("pinned", False), ("delay", False)],
)  # fmt: skip
def test_secret_words_are_words_of_the_identifier(name: str, secret: bool) -> None:
    assert secret_name(name) is secret


CASES: list[tuple[str, str, str]] = [
    (
        "stored-in-a-session-id",
        TP,
        """
#include <stdlib.h>
unsigned long new_session(void) {
    unsigned long session_id;
    session_id = ((unsigned long)rand() << 16) | rand(); /* <- */
    return session_id;
}
""",
    ),
    (
        "characters-of-a-token-field",
        TP,
        """
#include <stdlib.h>
struct conn { char token[17]; };
void issue(struct conn *c) {
    static const char hex[] = "0123456789abcdef";
    int i;
    for (i = 0; i < 16; i++)
        c->token[i] = hex[random() % 16]; /* <- */
    c->token[16] = 0;
}
""",
    ),
    (
        "handed-to-a-crypto-library",
        TP,
        """
#include <stdlib.h>
#include <openssl/evp.h>
void enc(EVP_CIPHER_CTX *ctx, unsigned char *iv_out) {
    unsigned char buf[16];
    int i;
    for (i = 0; i < 16; i++) buf[i] = (unsigned char)rand();
    EVP_EncryptInit_ex(ctx, NULL, NULL, NULL, buf);
    EVP_EncryptInit_ex(ctx, NULL, NULL, NULL, (unsigned char *)(long)rand()); /* <- */
}
""",
    ),
    (
        "a-retry-delay",
        FP,
        """
#include <stdlib.h>
#include <unistd.h>
int retry(int (*op)(void)) {
    int i;
    for (i = 0; i < 5; i++) {
        if (op() == 0) return 0;
        int wait = 100000 + rand() % 50000; /* <- */
        usleep(wait);
    }
    return -1;
}
""",
    ),
    (
        "a-delay-through-a-typedef-cast",
        FP,
        """
#include <stdlib.h>
#include <unistd.h>
void nap(void) {
    useconds_t us = (useconds_t)(1000 + random() % 5000); /* <- */
    usleep(us);
}
""",
    ),
    (
        "a-delay-also-sent-away",
        NR,
        """
#include <stdlib.h>
#include <unistd.h>
void tick(int fd) {
    int wait = rand() % 1000; /* <- */
    usleep(wait);
    write(fd, &wait, sizeof(wait));
}
""",
    ),
    (
        "printed",
        NR,
        """
#include <stdio.h>
#include <stdlib.h>
int main(void) {
    printf("%d\\n", rand() % 6 + 1); /* <- */
    return 0;
}
""",
    ),
    (
        "seeder-of-delays-only",
        FP,
        """
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
static void pause_a_bit(void) { usleep(1000 + rand() % 1000); }
int main(void) {
    srand((unsigned)time(NULL)); /* <- */
    pause_a_bit();
    return 0;
}
""",
    ),
    (
        "seeder-of-a-key",
        TP,
        """
#include <stdlib.h>
#include <time.h>
static unsigned char key[16];
static void fill(void) { int i; for (i = 0; i < 16; i++) key[i] = (unsigned char)rand(); }
int main(void) {
    srand((unsigned)time(NULL)); /* <- */
    fill();
    return 0;
}
""",
    ),
    (
        "seeder-with-no-generator-in-sight",
        NR,
        """
#include <stdlib.h>
#include <time.h>
int main(void) {
    srand((unsigned)time(NULL)); /* <- */
    return 0;
}
""",
    ),
]


@pytest.mark.parametrize(("name", "expected", "code"), CASES, ids=[c[0] for c in CASES])
def test_weak_random_cases(tmp_path: Path, name: str, expected: str, code: str) -> None:
    got, why = verdict(tmp_path, code)
    assert got == expected, f"{name}: {got}: {why}"


SEEDER = """
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
int main(void) {
    srand((unsigned)time(NULL)); /* <- */
    usleep(1000 + rand() % 1000);
    return 0;
}
"""


def test_a_seeder_is_judged_by_its_own_program_not_another_main(tmp_path: Path) -> None:
    other = "#include <stdlib.h>\nint main(void) { int session_key = rand(); return session_key; }\n"
    got, why = verdict(tmp_path, SEEDER, {"other.c": other})
    assert got == FP, why


def test_a_seeder_is_judged_by_the_files_linked_with_it(tmp_path: Path) -> None:
    helper = "#include <stdlib.h>\nint make_session_key(void) { return rand(); }\n"
    got, why = verdict(tmp_path, SEEDER, {"keys.c": helper})
    assert got == TP, why
