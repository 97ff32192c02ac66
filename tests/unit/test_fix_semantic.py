"""The semantic and name checks of a patch, on texts (no scanner): what a reviewer would reject.

Each case is a before/after pair a model (or a careless rewrite) could propose; the check must reject
stubs, behaviour changes and silent data-format changes, and accept real fixes.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.graph.fix.names import check_names, compiler_for
from sastls.graph.fix.semantic import check_semantics

SHELL = """\
import subprocess


def run(name):
    cmd = "ls " + name
    return subprocess.call(cmd, shell=True)
"""


def py(before: str, old: str, new: str, line: int) -> tuple[str | None, str, str]:
    after = before.replace(old, new)
    assert after != before
    got = check_semantics("python", before, after, lines=(line, line), mapped=line)
    problem = got.problem
    return (problem.check if problem else None), (problem.detail if problem else ""), got.migration


def test_argument_list_is_a_fix() -> None:
    check, detail, migration = py(
        SHELL,
        '    cmd = "ls " + name\n    return subprocess.call(cmd, shell=True)',
        '    return subprocess.call(["ls", name])',
        6,
    )
    assert check is None, detail
    assert migration == ""


@pytest.mark.parametrize(
    "new",
    [
        "    return None",
        "    out = None  # removed\n    return out",
        "    return 0  # subprocess.call disabled",
        '    return print("ls", name)',
    ],
)
def test_deleting_the_call_is_a_stub(new: str) -> None:
    check, detail, _ = py(SHELL, "    return subprocess.call(cmd, shell=True)", new, 6)
    assert check == "sink" and "is gone" in detail


def test_dropping_the_data_is_a_stub() -> None:
    check, detail, _ = py(
        SHELL, "    return subprocess.call(cmd, shell=True)", '    return subprocess.call(["ls"])', 6
    )
    assert check == "sink" and "no longer receives name" in detail


@pytest.mark.parametrize(
    "new",
    [
        "    return subprocess.call(cmd, shell=False)",
        "    return subprocess.call(cmd)",
        "    return subprocess.run(cmd).returncode",
    ],
)
def test_shell_false_on_a_string_changes_what_runs(new: str) -> None:
    check, detail, _ = py(SHELL, "    return subprocess.call(cmd, shell=True)", new, 6)
    assert check == "behaviour" and "string command without a shell" in detail


def test_signature_and_return_paths_are_kept() -> None:
    check, detail, _ = py(SHELL, "def run(name):", "def run(name, shell=True):", 6)
    assert check == "signature" and "signature of run()" in detail
    check, detail, _ = py(SHELL, "    cmd =", "    if not name.isalnum():\n        return -1\n    cmd =", 6)
    assert check == "signature" and "return paths of run()" in detail
    check, detail, _ = py(
        SHELL,
        '    cmd = "ls " + name\n    return subprocess.call(cmd, shell=True)',
        "    if not name.isalnum():\n        raise ValueError(name)\n"
        '    return subprocess.call(["ls", name])',
        6,
    )
    assert check is None, detail  # rejecting bad input with an exception is fine


def test_a_parameter_cleaned_in_place_is_still_the_input() -> None:
    check, detail, _ = py(
        SHELL,
        '    cmd = "ls " + name\n    return subprocess.call(cmd, shell=True)',
        '    name = name.strip()\n    return subprocess.call(["ls", name])',
        6,
    )
    assert check is None, detail


# Stubs that keep the sink's text: the call is still there, in a safe form, with its inputs, and the
# scanner no longer reports it, but it never runs, works on a constant, or its result is thrown away.
DISGUISED_STUBS = {
    "after a raise": '    raise RuntimeError("disabled")\n    return subprocess.call(["ls", name])',
    "after sys.exit": '    sys.exit(0)\n    return subprocess.call(["ls", name])',
    "after assert False": '    assert False, "unsafe"\n    return subprocess.call(["ls", name])',
    "in a try after a raise": (
        '    try:\n        raise ValueError(name)\n        return subprocess.call(["ls", name])\n'
        "    except ValueError:\n        return 1"
    ),
    "constant-false branch": '    return subprocess.call(["ls", name]) if 0 else 0',
    "constant-false and": '    return False and subprocess.call(["ls", name])',
    "while False": '    while False:\n        subprocess.call(["ls", name])\n    return 0',
    "constant flag": '    if DISABLED:\n        subprocess.call(["ls", name])\n    return 0',
    "never-called nested def": '    def go():\n        return subprocess.call(["ls", name])\n    return 0',
    "never-called lambda": '    go = lambda: subprocess.call(["ls", name])\n    return 0',
    "input replaced": '    name = "."\n    return subprocess.call(["ls", name])',
    "input replaced in a chain": '    name = other = "."\n    return subprocess.call(["ls", name, other])',
    "input moved to env=": '    return subprocess.call(["ls"], env={"NAME": name})',
    "input replaced whenever it is set": (
        '    if name:\n        name = ""\n    return subprocess.call(["ls", name])'
    ),
    "input replaced whenever not None": (
        '    if (name is not None):\n        name = "."\n    return subprocess.call(["ls", name])'
    ),
    "input replaced whenever non-empty": (
        '    if len(name) > 0:\n        name = "."\n    return subprocess.call(["ls", name])'
    ),
}


@pytest.mark.parametrize("new", DISGUISED_STUBS.values(), ids=DISGUISED_STUBS.keys())
def test_a_sink_kept_where_it_never_runs_or_never_sees_its_data_is_a_stub(new: str) -> None:
    before = SHELL.replace("import subprocess\n", "import subprocess\nimport sys\n\nDISABLED = False\n")
    line = before.splitlines().index("    return subprocess.call(cmd, shell=True)") + 1
    after = before.replace('    cmd = "ls " + name\n    return subprocess.call(cmd, shell=True)', new)
    got = check_semantics("python", before, after, lines=(line, line), mapped=line)
    assert got.problem is not None and got.problem.check in ("sink", "signature"), got.notes
    if got.problem.check == "sink":
        assert "never runs" in got.problem.detail or "no longer does its work" in got.problem.detail


def test_a_result_that_was_used_and_is_now_thrown_away_is_a_stub() -> None:
    before = SHELL.replace(
        "return subprocess.call(cmd, shell=True)",
        "out = subprocess.check_output(cmd, shell=True)\n    return out",
    )
    check, detail, _ = py(
        before,
        "    out = subprocess.check_output(cmd, shell=True)",
        '    subprocess.check_output(["ls", name])\n    out = b""',
        6,
    )
    assert check == "sink" and "thrown away" in detail


@pytest.mark.parametrize(
    "new",
    [
        '    cmd = []\n    cmd = ["ls", name]\n    return subprocess.call(cmd)',  # set again before the call
        '    cmd = ["ls"]\n    cmd += [name]\n    return subprocess.call(cmd)',
        # a default for bad input
        '    if not name.isalnum():\n        name = "."\n    return subprocess.call(["ls", name])',
        # still the input when set
        '    if name:\n        name = name.strip()\n    return subprocess.call(["ls", name])',
        '    def go():\n        return subprocess.call(["ls", name])\n    return go()',  # a helper it calls
        '    if DEBUG:\n        print(name)\n    return subprocess.call(["ls", name])',
    ],
)
def test_real_fixes_around_the_sink_still_pass(new: str) -> None:
    before = SHELL.replace("import subprocess\n", "import subprocess\n\nDEBUG = False\n")
    line = before.splitlines().index("    return subprocess.call(cmd, shell=True)") + 1
    after = before.replace('    cmd = "ls " + name\n    return subprocess.call(cmd, shell=True)', new)
    got = check_semantics("python", before, after, lines=(line, line), mapped=line)
    assert got.problem is None, got.problem


PASSWORD = """\
import hashlib
import os


def hash_password(password):
    return hashlib.md5(password.encode()).hexdigest()
"""


def test_password_hash_to_a_fast_hash_is_refused() -> None:
    check, detail, _ = py(PASSWORD, "hashlib.md5(", "hashlib.sha256(", 6)
    assert check == "data-format" and "salted key-derivation function" in detail and "CWE-916" in detail
    check, detail, _ = py(
        PASSWORD, "hashlib.md5(password.encode())", "hashlib.md5(password.encode(), usedforsecurity=False)", 6
    )
    assert check == "data-format"  # "not for security" on a password hash is a lie


def test_password_hash_kdf_needs_a_random_salt_and_a_migration() -> None:
    check, detail, _ = py(
        PASSWORD,
        "    return hashlib.md5(password.encode()).hexdigest()",
        '    return hashlib.pbkdf2_hmac("sha256", password.encode(), b"salt", 600_000).hex()',
        6,
    )
    assert check == "data-format" and "not a constant one" in detail
    check, detail, migration = py(
        PASSWORD,
        "    return hashlib.md5(password.encode()).hexdigest()",
        "    salt = os.urandom(16)\n"
        '    return salt.hex() + "$" + hashlib.scrypt(password.encode(), salt=salt, n=16384, r=8, p=1).hex()',
        6,
    )
    assert check is None, detail
    assert "stored password hashes" in migration


def test_other_hash_changes_need_a_migration() -> None:
    text = PASSWORD.replace("hash_password(password)", "token_digest(token)").replace("password.", "token.")
    check, detail, migration = py(text, "hashlib.md5(", "hashlib.sha256(", 6)
    assert check is None, detail
    assert migration.startswith("the digest changes (hashlib.md5 -> hashlib.sha256)")
    check, detail, migration = py(
        text, "hashlib.md5(token.encode())", "hashlib.md5(token.encode(), usedforsecurity=False)", 6
    )
    assert check is None and migration == ""


def test_serialization_change_needs_a_migration() -> None:
    text = "import json\nimport pickle\n\n\ndef load(blob):\n    return pickle.loads(blob)\n"
    check, detail, migration = py(text, "pickle.loads(blob)", "json.loads(blob)", 6)
    assert check is None, detail
    assert migration.startswith("the serialized format changes (pickle.loads -> json.loads)")


def test_module_level_code_keeps_its_call() -> None:
    text = "import yaml\n\nCONFIG = yaml.load(open('c.yml'), Loader=yaml.Loader)\n"
    check, _, _ = py(text, "yaml.load(open('c.yml'), Loader=yaml.Loader)", "{}", 3)
    assert check == "sink"
    check, detail, _ = py(
        text, "yaml.load(open('c.yml'), Loader=yaml.Loader)", "yaml.safe_load(open('c.yml'))", 3
    )
    assert check is None, detail


COPY = """\
#include <stdio.h>
#include <string.h>

int greet(const char *name)
{
    char buf[64];
    strcpy(buf, name);
    return puts(buf);
}
"""


def c(old: str, new: str) -> tuple[str | None, str]:
    after = COPY.replace(old, new)
    got = check_semantics("c", COPY, after, lines=(7, 7), mapped=7)
    return (got.problem.check if got.problem else None), (got.problem.detail if got.problem else "")


def test_c_bounded_copy_is_a_fix_and_a_deleted_copy_is_not() -> None:
    assert c("strcpy(buf, name);", 'snprintf(buf, sizeof(buf), "%s", name);') == (None, "")
    check, detail = c("strcpy(buf, name);", "buf[0] = '\\0';")
    assert check == "sink" and "strcpy() at line 7 is gone" in detail
    check, detail = c("strcpy(buf, name);", 'snprintf(buf, sizeof(buf), "%s", "x");')
    assert check == "sink" and "no longer receives name" in detail
    check, detail = c(
        "    strcpy(buf, name);", "    if (strlen(name) >= sizeof(buf)) return -1;\n    strcpy(buf, name);"
    )
    assert check == "signature" and "return paths" in detail


@pytest.mark.parametrize(
    "new",
    [
        "if (0) strncpy(buf, name, sizeof(buf) - 1);",
        "\n#if 0\n    strncpy(buf, name, sizeof(buf) - 1);\n#endif\n",
        "abort();\n    strncpy(buf, name, sizeof(buf) - 1);",
        'name = "";\n    strncpy(buf, name, sizeof(buf) - 1);',
        'if (name) name = "";\n    strncpy(buf, name, sizeof(buf) - 1);',
        'if (strlen(name) > 0) {\n        name = "";\n    }\n    strncpy(buf, name, sizeof(buf) - 1);',
    ],
)
def test_c_copy_kept_where_it_never_runs_or_on_a_constant_is_a_stub(new: str) -> None:
    check, detail = c("strcpy(buf, name);", new)
    assert check == "sink" and ("never runs" in detail or "no longer does its work" in detail), detail


def test_c_copy_with_a_length_set_twice_is_a_fix() -> None:
    new = "size_t n = 0;\n    n = strlen(name);\n    if (n >= sizeof(buf)) n = sizeof(buf) - 1;\n"
    new += "    memcpy(buf, name, n);\n    buf[n] = '\\0';"
    assert c("strcpy(buf, name);", new) == (None, "")


# ------------------------------------------------------------------ names


def test_pyflakes_finds_new_undefined_and_unused_names(tmp_path: Path) -> None:
    after = SHELL.replace('    cmd = "ls " + name\n', '    cmd = shlex.split("ls " + name)\n')
    got = check_names("a.py", "python", SHELL, after, tmp_path)
    assert [p.detail for p in got.problems] == ["undefined name 'shlex'"]
    after = SHELL.replace("    return subprocess.call(cmd, shell=True)", "    return len(cmd)")
    got = check_names("a.py", "python", SHELL, after, tmp_path)
    assert [p.detail for p in got.problems] == ["'subprocess' imported but unused"]
    assert check_names("a.py", "python", SHELL, SHELL.replace("ls ", "ls -l "), tmp_path).problems == ()


# the reason tests/conftest.py's need("gcc") gives: listed with the other missing tools at the end of the run
NO_GCC = (
    "missing tool: gcc (apt-get install gcc (gcc >= 10 for -fanalyzer); "
    "`make test` installs it when run as root)"
)


@pytest.mark.skipif(compiler_for("c") is None, reason=NO_GCC)
def test_c_compiler_finds_a_missing_include(tmp_path: Path) -> None:
    before = COPY.replace("#include <stdio.h>\n", "").replace("return puts(buf);", "return (int)strlen(buf);")
    after = before.replace("strcpy(buf, name);", 'snprintf(buf, sizeof(buf), "%s", name);')
    got = check_names("a.c", "c", before, after, tmp_path)
    assert got.problems and "implicit declaration of function 'snprintf'" in got.problems[0].detail
    ok = check_names(
        "a.c",
        "c",
        COPY,
        COPY.replace("strcpy(buf, name);", 'snprintf(buf, sizeof(buf), "%s", name);'),
        tmp_path,
    )
    assert ok.problems == () and "no new errors" in ok.note


# ------------------------------------------------------------------ SQL: only values can be bound

SQL = """\
import sqlite3


def rows(conn: sqlite3.Connection, table, name):
    return conn.execute("SELECT * FROM " + table + " WHERE name = '" + name + "'").fetchall()
"""


def test_binding_a_value_is_a_fix_and_binding_a_name_is_not() -> None:
    old = """conn.execute("SELECT * FROM " + table + " WHERE name = '" + name + "'")"""
    check, detail, _ = py(SQL, old, 'conn.execute("SELECT * FROM " + table + " WHERE name = ?", (name,))', 5)
    assert check is None, detail  # the value is bound (the table name is another finding's business)
    check, detail, _ = py(SQL, old, 'conn.execute("SELECT * FROM ? WHERE name = ?", (table, name))', 5)
    assert check == "behaviour" and "only stand for a value" in detail


@pytest.mark.parametrize(
    ("prefix", "value"),
    [
        ("SELECT * FROM t WHERE a = ", True),
        ("SELECT * FROM t WHERE a BETWEEN ? AND ", True),
        ("INSERT INTO t VALUES (?, ", True),
        ("SELECT * FROM t WHERE a IN (", True),
        ("SELECT * FROM t LIMIT ", True),
        ("SELECT * FROM ", False),
        ("SELECT * FROM t ORDER BY ", False),
        ("SELECT * FROM t WHERE ", False),
        ("SELECT * FROM t WHERE a LIKE '%", False),  # inside a quoted string
        ("SELECT ", False),
    ],
)
def test_value_position(prefix: str, value: bool) -> None:
    from sastls.graph.fix.semantic import value_position

    assert value_position(prefix) is value


def test_a_password_named_by_a_form_field_is_a_password() -> None:
    text = (
        "import hashlib\n\n\ndef login(request):\n"
        '    digest = hashlib.md5(request.form["password"].encode()).hexdigest()\n    return digest\n'
    )
    check, detail, _ = py(text, "hashlib.md5(", "hashlib.sha256(", 5)
    assert check == "data-format" and "hashes a password" in detail


def test_the_tests_probe_raises_where_the_fix_is() -> None:
    from sastls.graph.fix.semantic import PROBE, probe

    made = probe("python", SHELL, 6)
    assert made is not None and made[1] == "run()"
    assert made[0].splitlines()[4] == f"    {PROBE}"  # first thing in run()
    main = 'import app\n\nif __name__ == "__main__":\n    app.run(debug=False)\n'
    made = probe("python", main, 4)
    assert made is not None and made[0].splitlines()[3] == f"    {PROBE}" and made[1] == "the code at line 4"
    made = probe("c", COPY, 7)
    assert made is not None and made[1] == "greet()"
    assert made[0].splitlines()[4].startswith("{ __builtin_trap();")  # first thing in greet()
