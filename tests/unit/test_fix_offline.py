"""Every offline rewrite, verified end to end against the real scanner (bandit, flawfinder) on the
example files in tests/fixtures/fix/."""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.config import Config
from sastls.analyzers.findings.model import Finding
from sastls.analyzers.scanners import run_scanner
from sastls.graph.fix.offline import NotFixable, candidates
from sastls.graph.fix.patch import apply_all
from sastls.graph.fix.verify import Verifier

WS = Path(__file__).resolve().parents[1] / "fixtures" / "fix"

# (file, rule, what the verified rewrite must contain)
PYTHON = [
    ("python/shell_concat.py", "B602", 'subprocess.call(["echo", "hello", name])'),
    ("python/shell_var.py", "B602", 'cmd = ["tar", "-czf", "backup.tgz", str(folder)]'),
    ("python/os_system.py", "B605", 'subprocess.run(["ping", "-c", "1", host], check=False).returncode'),
    ("python/yaml_load.py", "B506", "yaml.safe_load(stream)"),
    ("python/weak_hash.py", "B324", 'hashlib.pbkdf2_hmac("sha256", password.encode(), _salt, 600_000)'),
    ("python/weak_hash_cache.py", "B324", "hashlib.sha1(url.encode(), usedforsecurity=False)"),
    ("python/weak_random.py", "B311", "secrets.choice(string.ascii_letters)"),
    ("python/tls_verify.py", "B501", "verify=True"),
    ("python/mktemp.py", "B306", '_fd, path = tempfile.mkstemp(suffix=".txt")\n    os.close(_fd)'),
    ("python/sql_concat.py", "B608", "conn.execute(query, (name,))"),
    (
        "python/sql_percent.py",
        "B608",
        "\"SELECT * FROM orders WHERE id = %s AND state = 'open'\", (order_id,)",
    ),
    ("python/flask_debug.py", "B201", "debug=False"),
    ("python/xml_parse.py", "B314", "defusedxml.ElementTree.fromstring(data)"),
    ("python/eval_literal.py", "B307", "ast.literal_eval(text)"),
    ("python/requests_timeout.py", "B113", "requests.get(url, timeout=30)"),
]
C = [
    ("c/copy.c", "buffer/strcpy", 'snprintf(buf, sizeof(buf), "%s", name)'),
    ("c/concat.c", "buffer/strcat", "strncat(path, dir, sizeof(path) - strlen(path) - 1)"),
    ("c/format.c", "buffer/sprintf", 'snprintf(out, sizeof(out), "%s-%d", name, n)'),
    ("c/gets.c", "buffer/gets", "fgets(line, sizeof(line), stdin)"),
    ("c/printf.c", "format/printf", 'printf("%s", msg)'),
]


@pytest.fixture(scope="module")
def scanned() -> dict[str, list[Finding]]:
    out: dict[str, list[Finding]] = {}
    for tool, folder in (("bandit", "python"), ("flawfinder", "c")):
        result = run_scanner(tool, [folder], WS)
        assert result.ok, result.errors
        out[tool] = result.findings
    return out


def _finding(found: list[Finding], path: str, rule: str) -> Finding:
    (f,) = [f for f in found if f.path == path and rule in (f.rule_id, f.rule_name)]
    return f


CHECKS = ["apply", "scope", "parse", "names", "semantics", "rescan", "tests"]


def _verify_first(finding: Finding) -> tuple[str, str]:
    text = (WS / finding.path).read_text()
    rewrites = candidates(finding, text)
    assert not isinstance(rewrites, NotFixable), rewrites
    record = Verifier(finding, WS, Config()).verify(rewrites[0].edits)
    assert record.verified, record.error
    assert [c.name for c in record.checks] == CHECKS
    assert record.level == "scanner-clean"  # no test command: never "tested"
    MIGRATIONS[finding.path] = record.migration
    return text, apply_all({finding.path: text}, rewrites[0].edits)[finding.path]


MIGRATIONS: dict[str, str] = {}


@pytest.mark.parametrize(("path", "rule", "expected"), PYTHON, ids=[p[1] + ":" + p[0] for p in PYTHON])
def test_python_rewrite_verifies_with_bandit(
    scanned: dict[str, list[Finding]], path: str, rule: str, expected: str
) -> None:
    before, after = _verify_first(_finding(scanned["bandit"], path, rule))
    assert expected in after and expected not in before
    compile(after, path, "exec")


@pytest.mark.parametrize(("path", "rule", "expected"), C, ids=[p[1] + ":" + p[0] for p in C])
def test_c_rewrite_verifies_with_flawfinder(
    scanned: dict[str, list[Finding]], path: str, rule: str, expected: str
) -> None:
    before, after = _verify_first(_finding(scanned["flawfinder"], path, rule))
    assert expected in after and expected not in before


def test_strcpy_offers_a_second_approach(scanned: dict[str, list[Finding]]) -> None:
    f = _finding(scanned["flawfinder"], "c/copy.c", "buffer/strcpy")
    rewrites = candidates(f, (WS / f.path).read_text())
    assert not isinstance(rewrites, NotFixable) and len(rewrites) == 2
    assert "strncpy(buf, name, sizeof(buf) - 1);" in rewrites[1].edits[0].text


def test_system_is_not_auto_fixable(scanned: dict[str, list[Finding]]) -> None:
    f = _finding(scanned["flawfinder"], "c/system.c", "shell/system")
    got = candidates(f, (WS / f.path).read_text())
    assert isinstance(got, NotFixable) and "not auto-fixable" in got.reason


def test_shell_pipeline_is_not_rewritten() -> None:
    text = 'import subprocess\n\n\ndef f(x):\n    subprocess.call("cat " + x + " | wc -l", shell=True)\n'
    f = Finding("bandit", "B602", "m", _loc("a.py", 5), severity="HIGH")
    got = candidates(f, text)
    assert isinstance(got, NotFixable) and "shell features" in got.reason


def test_password_hash_is_never_relaxed() -> None:
    text = "import hashlib\n\n\ndef token(secret):\n    return hashlib.md5(secret).hexdigest()\n"
    got = candidates(Finding("bandit", "B324", "m", _loc("a.py", 5)), text)
    assert not isinstance(got, NotFixable)
    assert [r.description for r in got] == ["weak hash -> SHA-256 (the digest changes)"]


def test_data_format_changes_are_labelled(scanned: dict[str, list[Finding]]) -> None:
    """A password hash becomes a salted KDF and needs a migration; usedforsecurity=False does not."""
    _verify_first(_finding(scanned["bandit"], "python/weak_hash.py", "B324"))
    _verify_first(_finding(scanned["bandit"], "python/weak_hash_cache.py", "B324"))
    assert "stored password hashes" in MIGRATIONS["python/weak_hash.py"]
    assert MIGRATIONS["python/weak_hash_cache.py"] == ""


def test_password_hash_object_is_left_to_a_person() -> None:
    text = (
        "import hashlib\n\n\ndef check(password, stored):\n    h = hashlib.md5(password)\n"
        "    return h.hexdigest() == stored\n"
    )
    got = candidates(Finding("bandit", "B324", "m", _loc("a.py", 5)), text)
    assert isinstance(got, NotFixable) and "salted key-derivation" in got.reason


def test_rewrites_drop_the_imports_they_leave_unused(scanned: dict[str, list[Finding]]) -> None:
    _before, after = _verify_first(_finding(scanned["bandit"], "python/os_system.py", "B605"))
    assert "import os" not in after and after.startswith("import subprocess")


def test_unknown_rule() -> None:
    got = candidates(Finding("bandit", "B999", "m", _loc("a.py", 1)), "x = 1\n")
    assert isinstance(got, NotFixable) and "no offline rewrite" in got.reason


def _loc(path: str, line: int):  # type: ignore[no-untyped-def]
    from sastls.analyzers.findings.model import Location, Region

    return Location(path, Region(line))


@pytest.mark.parametrize(
    "query",
    [
        '"SELECT * FROM " + table',
        '"SELECT * FROM t ORDER BY " + column',
        '"SELECT * FROM t WHERE " + condition',
        '"SELECT * FROM t WHERE a LIKE \'%" + word + "%\'"',
    ],
)
def test_sql_names_and_clauses_are_not_bound_as_parameters(query: str) -> None:
    head = "import sqlite3\n\n\ndef f(conn, table, column, condition, word):\n"
    text = f"{head}    return conn.execute({query})\n"
    got = candidates(Finding("bandit", "B608", "m", _loc("a.py", 5)), text)
    assert isinstance(got, NotFixable) and "bound parameter cannot stand" in got.reason, got


@pytest.mark.parametrize(
    "body",
    [
        'expr = request.args.get("e", "1+1")\n    return eval(expr)',
        'v = request.args.get("v", "1+1")\n    return eval(v)',
        'if mode == "literal":\n        return ast.literal_eval(v)\n    return eval(v)',
    ],
)
def test_eval_of_expressions_is_left_to_a_person(body: str) -> None:
    text = f"import ast\n\n\ndef f(request, mode, v):\n    {body}\n"
    lines = text.splitlines()
    line = 1 + lines.index(next(ln for ln in lines if "eval(" in ln and "literal" not in ln))
    got = candidates(Finding("bandit", "B307", "m", _loc("a.py", line)), text)
    assert isinstance(got, NotFixable) and "expressions" in got.reason, got


def test_os_system_as_a_statement_keeps_no_unused_status() -> None:
    text = 'import os\n\n\ndef f(x):\n    os.system("ls " + x)\n'
    got = candidates(Finding("bandit", "B605", "m", _loc("a.py", 5)), text)
    assert not isinstance(got, NotFixable)
    assert got[0].edits[0].text == 'subprocess.run(["ls", x], check=False)'
