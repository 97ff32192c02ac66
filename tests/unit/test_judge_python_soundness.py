"""Soundness of the offline Python analyst: each case is one semantic fact that once lost a real
vulnerability (issue 12 §1), with the variant that stays safe beside it.

Programs mark their sink line with ``# <-`` (the test finds the line by it; the judge never reads
comments). They are written for these tests, independently of every corpus.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import Judgement, judge_finding
from sastls.analyzers.findings.model import Finding, Location, Region

TP, FP, NR = "TRUE_POSITIVE", "FALSE_POSITIVE", "NEEDS_REVIEW"


def judge(
    tmp_path: Path,
    code: str,
    cwe: int,
    *,
    files: dict[str, str] | None = None,
    rule: str = "rule",
    tool: str = "scanner",
) -> Judgement:
    (tmp_path / "app.py").write_text(code)
    for rel, body in (files or {}).items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(body)
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "# <-" in ln)
    finding = Finding(
        tool=tool,
        rule_id=rule,
        message="m",
        location=Location("app.py", Region(line)),
        cwe=(cwe,) if cwe else (),
    )
    return judge_finding(finding, WorkspaceIndex(tmp_path))


CASES: list[tuple[str, int, str, str]] = [
    # ------------------------------------------------ argument vectors built step by step
    (
        "argv-shell-chosen-on-a-branch",
        78,
        TP,
        """
import platform, subprocess
from flask import request
def view():
    word = request.args.get("w")
    argv = []
    if platform.system() == "Windows":
        argv.append("cmd.exe")
        argv.append("/c")
    else:
        argv.append("sh")
        argv.append("-c")
    argv.append("echo " + word)
    subprocess.run(argv)  # <-
""",
    ),
    (
        "argv-program-chosen-on-a-branch-no-shell",
        78,
        FP,
        """
import platform, subprocess
from flask import request
def view():
    word = request.args.get("w")
    argv = []
    if platform.system() == "Windows":
        argv.append("findstr.exe")
    else:
        argv.append("grep")
    argv.append("--")
    argv.append(word)
    subprocess.run(argv)  # <-
""",
    ),
    (
        "argv-shell-by-ternary",
        78,
        TP,
        """
import os, subprocess, sys
def main():
    shell = "cmd" if os.name == "nt" else "bash"
    flag = "/c" if os.name == "nt" else "-c"
    subprocess.call([shell, flag, "ls " + sys.argv[1]])  # <-
""",
    ),
    (
        "argv-shell-by-extend-and-insert",
        78,
        TP,
        """
import subprocess
from flask import request
def view():
    cmd = ["-c"]
    cmd.insert(0, "/bin/sh")
    cmd.extend(["cat " + request.form["f"]])
    subprocess.Popen(cmd)  # <-
""",
    ),
    (
        "argv-shell-from-helper",
        78,
        TP,
        """
import subprocess
from flask import request
def shell_prefix():
    return ["bash", "-c"]
def view():
    argv = shell_prefix()
    argv += ["tar czf /tmp/x.tgz " + request.args["d"]]
    subprocess.check_call(argv)  # <-
""",
    ),
    (
        "argv-program-unknown-not-constant",
        78,
        TP,
        """
import subprocess, sys
from flask import request
def view():
    subprocess.run([sys.executable, "-m", "tool", request.args["t"]])  # <-
""",
    ),
    # ------------------------------------------------ option injection
    (
        "option-injection-git-clone",
        78,
        TP,
        """
import subprocess
from flask import request
def clone():
    url = request.form["url"]
    subprocess.run(["git", "clone", url, "/srv/repo"])  # <-
""",
    ),
    (
        "option-injection-after-double-dash",
        78,
        FP,
        """
import subprocess
from flask import request
def clone():
    url = request.form["url"]
    subprocess.run(["git", "clone", "--", url, "/srv/repo"])  # <-
""",
    ),
    (
        "option-injection-program-chosen-among-vcs",
        78,
        TP,
        """
import subprocess
def checkout(kind, ref):
    vcs = "git" if kind == "git" else "hg"
    subprocess.check_output([vcs, "checkout", ref])  # <-
""",
    ),
    (
        "option-injection-cannot-start-with-dash-prefix",
        78,
        FP,
        """
import subprocess
from flask import request
def fetch():
    host = request.args["host"]
    subprocess.run(["curl", "-s", "https://" + host + "/status"])  # <-
""",
    ),
    (
        "option-injection-guarded-by-startswith",
        78,
        FP,
        """
import subprocess
from flask import request
def fetch():
    host = request.args["host"]
    if host.startswith("-"):
        raise ValueError(host)
    subprocess.run(["git", "ls-remote", host])  # <-
""",
    ),
    (
        "option-injection-tar",
        78,
        TP,
        """
import subprocess
from flask import request
def pack():
    name = request.args["name"]
    subprocess.run(["tar", "-cf", "/tmp/out.tar", name])  # <-
""",
    ),
    (
        "argument-of-a-harmless-program",
        78,
        FP,
        """
import subprocess
from flask import request
def show():
    name = request.args["name"]
    subprocess.run(["echo", name])  # <-
""",
    ),
    (
        "command-program-runs-its-arguments",
        78,
        TP,
        """
import subprocess
from flask import request
def run_as():
    subprocess.run(["sudo", "-u", "svc", request.args["cmd"]])  # <-
""",
    ),
    (
        "option-injection-absolute-path",
        78,
        FP,
        """
import os, subprocess
from flask import request
def pack():
    name = os.path.abspath(request.args["name"])
    subprocess.run(["tar", "-cf", "/tmp/out.tar", name])  # <-
""",
    ),
]


@pytest.mark.parametrize(("name", "cwe", "expected", "code"), CASES, ids=[c[0] for c in CASES])
def test_soundness_variants(tmp_path: Path, name: str, cwe: int, expected: str, code: str) -> None:
    j = judge(tmp_path, code, cwe)
    assert j.verdict == expected, f"{name}: {j.verdict} ({j.reason}): {j.justification}"
    if j.verdict == FP:
        assert any(
            e.role in {"constant", "sanitizer", "guard", "dead_branch", "safe_variant"} for e in j.evidence
        ), "a false positive needs positive evidence"


def test_option_injection_is_named_in_the_evidence(tmp_path: Path) -> None:
    j = judge(tmp_path, CASES[6][3], 78)
    assert j.verdict == TP
    assert any("option" in e.why and "git" in e.why for e in j.evidence), j.evidence
