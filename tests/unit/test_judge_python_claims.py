"""The claim decides the family (issue 12 §1): each finding is judged for the weakness it claims.
Bandit's B607 (a partial executable path) is about how the program is found in PATH, not about
injection; B403/B404 (an import) follow the verdicts of the module's uses in the file.

Programs mark their line with ``# <-`` (the judge never reads comments); written for these tests.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import Judgement, judge_finding
from sastls.analyzers.findings.model import Finding, Location, Region

TP, FP, NR = "TRUE_POSITIVE", "FALSE_POSITIVE", "NEEDS_REVIEW"


def judge(tmp_path: Path, code: str, cwe: int, rule: str) -> Judgement:
    (tmp_path / "app.py").write_text(code)
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "# <-" in ln)
    finding = Finding(
        tool="bandit", rule_id=rule, message="m", location=Location("app.py", Region(line)), cwe=(cwe,)
    )
    return judge_finding(finding, WorkspaceIndex(tmp_path))


CASES: list[tuple[str, str, int, str, str]] = [
    # ------------------------------------------------ B607: the program's lookup in PATH
    (
        "b607-constant-name-inherited-path",
        "B607",
        78,
        FP,
        """
import subprocess
def run():
    subprocess.run(["ls", "-l"])  # <-
""",
    ),
    (
        "b607-absolute-path",
        "B607",
        78,
        FP,
        """
import subprocess
def run():
    subprocess.run(["/bin/ls", "-l"])  # <-
""",
    ),
    (
        "b607-path-from-input",
        "B607",
        78,
        TP,
        """
import subprocess
from flask import request
def run():
    subprocess.run(["ls", "-l"], env={"PATH": request.args["p"]})  # <-
""",
    ),
    (
        "b607-program-from-input",
        "B607",
        78,
        TP,
        """
import subprocess
from flask import request
def run():
    subprocess.run([request.args["p"], "-l"])  # <-
""",
    ),
    (
        "b607-program-from-caller",
        "B607",
        78,
        TP,
        """
import subprocess
def run(tool):
    subprocess.run([tool, "-l"])  # <-
""",
    ),
    (
        "b607-shell-line-first-word",
        "B607",
        78,
        FP,
        """
import subprocess
def run(ref):
    subprocess.Popen("git show " + ref, shell=True)  # <-
""",
    ),
    (
        "b607-shell-line-starts-with-input",
        "B607",
        78,
        TP,
        """
import os
from flask import request
def run():
    os.system(request.args["tool"] + " --version")  # <-
""",
    ),
    # ------------------------------------------------ weak hashes: what the digest is for
    (
        "weak-hash-of-a-password",
        "B324",
        327,
        TP,
        """
import hashlib
def store(password):
    return hashlib.md5(password.encode()).hexdigest()  # <-
""",
    ),
    (
        "weak-hash-names-a-cache-file",
        "B324",
        327,
        FP,
        """
import hashlib, os
def cached(url, body):
    name = hashlib.md5(url.encode()).hexdigest()  # <-
    with open(os.path.join("/var/cache/app", name + ".html"), "w") as fh:
        fh.write(body)
""",
    ),
    (
        "weak-hash-keys-a-cache",
        "B324",
        327,
        FP,
        """
import hashlib
CACHE = {}
def remember(query, rows):
    CACHE[hashlib.sha1(query.encode()).hexdigest()[:16]] = rows  # <-
""",
    ),
    (
        "weak-hash-returned-to-callers",
        "B324",
        327,
        TP,
        """
import hashlib
def fingerprint(data):
    return hashlib.md5(data).hexdigest()  # <-
""",
    ),
    (
        "weak-hash-compared",
        "B324",
        327,
        TP,
        """
import hashlib, hmac
def check(body, given):
    digest = hashlib.sha1(body).hexdigest()  # <-
    return hmac.compare_digest(digest, given)
""",
    ),
    (
        "weak-hash-stored-as-a-value",
        "B324",
        327,
        TP,
        """
import hashlib
USERS = {}
def register(name, secret_answer):
    USERS[name] = hashlib.md5(secret_answer.encode()).hexdigest()  # <-
""",
    ),
    (
        "weak-hash-file-name-but-secret-input",
        "B324",
        327,
        TP,
        """
import hashlib, os
def spool(token, body):
    name = hashlib.md5(token.encode()).hexdigest()  # <-
    with open(os.path.join("/var/spool", name), "w") as fh:
        fh.write(body)
""",
    ),
    (
        "weak-hash-not-for-security",
        "B324",
        327,
        FP,
        """
import hashlib
def etag(data):
    return hashlib.md5(data, usedforsecurity=False).hexdigest()  # <-
""",
    ),
    # ------------------------------------------------ temporary files named in advance
    (
        "b306-mktemp",
        "B306",
        377,
        TP,
        """
import tempfile
def spool(data):
    name = tempfile.mktemp()  # <-
    with open(name, "w") as fh:
        fh.write(data)
""",
    ),
    (
        "b108-fixed-name-in-tmp",
        "B108",
        377,
        TP,
        """
def spool(data):
    with open("/tmp/app-spool.txt", "w") as fh:  # <-
        fh.write(data)
""",
    ),
    # ------------------------------------------------ B403/B404: an import follows its uses
    (
        "b404-import-used-with-input",
        "B404",
        78,
        TP,
        """
import subprocess  # <-
from flask import request
def run():
    subprocess.run(request.args["c"], shell=True)
""",
    ),
    (
        "b404-import-used-safely",
        "B404",
        78,
        FP,
        """
import subprocess  # <-
def run():
    out = subprocess.run(["/bin/ls", "-l"], stdout=subprocess.PIPE)
    return out.stdout
""",
    ),
    (
        "b403-import-serialises-only",
        "B403",
        502,
        FP,
        """
import pickle  # <-
def save(obj, fh):
    try:
        fh.write(pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL))
    except pickle.PicklingError:
        pass
""",
    ),
    (
        "b403-import-loads-input",
        "B403",
        502,
        TP,
        """
import pickle  # <-
from flask import request
def load():
    return pickle.loads(request.data)
""",
    ),
    (
        "b403-module-passed-around",
        "B403",
        502,
        NR,
        """
import pickle  # <-
def codec():
    return pickle
""",
    ),
    (
        "b403-unpickler-subclassed",
        "B403",
        502,
        NR,
        """
import pickle  # <-
class Restricted(pickle.Unpickler):
    pass
""",
    ),
]


@pytest.mark.parametrize(("name", "rule", "cwe", "expected", "code"), CASES, ids=[c[0] for c in CASES])
def test_claims(tmp_path: Path, name: str, rule: str, cwe: int, expected: str, code: str) -> None:
    j = judge(tmp_path, code, cwe, rule)
    assert j.verdict == expected, f"{name}: {j.verdict} ({j.reason}): {j.justification}"
    if j.verdict == FP:
        assert any(e.role in {"constant", "sanitizer", "guard", "safe_variant"} for e in j.evidence)


def test_b607_is_judged_as_a_path_lookup_not_as_injection(tmp_path: Path) -> None:
    j = judge(tmp_path, CASES[0][4], 78, "B607")
    assert "PATH" in j.justification and "'ls'" in j.justification
    assert "constant argument" not in j.reason
