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
    # ------------------------------------------------ XML parsers, read through their variable
    (
        "lxml-parser-resolves-entities-by-default",
        611,
        TP,
        """
from lxml import etree
PARSER = etree.XMLParser(remove_blank_text=True)  # <-
def load(data):
    return etree.fromstring(data, PARSER)
""",
    ),
    (
        "lxml-parser-resolve-entities-off",
        611,
        FP,
        """
from lxml import etree
PARSER = etree.XMLParser(remove_blank_text=True, resolve_entities=False)  # <-
def load(data):
    return etree.fromstring(data, PARSER)
""",
    ),
    (
        "lxml-parser-no-network-false",
        611,
        TP,
        """
from lxml import etree
def load(data):
    parser = etree.XMLParser(no_network=False, recover=True)  # <-
    return etree.fromstring(data, parser)
""",
    ),
    (
        "lxml-parse-with-entity-resolving-parser",
        611,
        TP,
        """
from lxml import etree
from flask import request
def upload():
    parser = etree.XMLParser(resolve_entities=True)
    return etree.tostring(etree.fromstring(request.data, parser))  # <-
""",
    ),
    (
        "sax-make-parser-switched-on-through-variable",
        611,
        TP,
        """
import xml.sax
from xml.sax.handler import feature_external_ges
def read(stream, handler):
    parser = xml.sax.make_parser()  # <-
    parser.setFeature(feature_external_ges, True)
    parser.setContentHandler(handler)
    parser.parse(stream)
""",
    ),
    (
        "sax-make-parser-features-chosen-by-caller",
        611,
        TP,
        """
from xml.sax import make_parser, handler
def read(stream, content, features):
    parser = make_parser()  # <-
    parser.setFeature(handler.feature_external_ges, False)
    for name, value in features.items():
        parser.setFeature(getattr(handler, name), value)
    parser.setContentHandler(content)
    parser.parse(stream)
""",
    ),
    (
        "sax-make-parser-default",
        611,
        FP,
        """
import xml.sax
from xml.sax.handler import feature_namespaces
def read(stream, handler):
    parser = xml.sax.make_parser()  # <-
    parser.setFeature(feature_namespaces, True)
    parser.setContentHandler(handler)
    parser.parse(stream)
""",
    ),
    (
        "sax-setfeature-on-line",
        611,
        TP,
        """
import xml.sax
from xml.sax.handler import feature_external_ges
def read(stream, handler):
    parser = xml.sax.make_parser()
    parser.setFeature(feature_external_ges, True)  # <-
    parser.parse(stream)
""",
    ),
    (
        "sax-setfeature-other-feature",
        611,
        FP,
        """
import xml.sax
from xml.sax.handler import feature_namespaces
def read(stream, handler):
    parser = xml.sax.make_parser()
    parser.setFeature(feature_namespaces, True)  # <-
    parser.parse(stream)
""",
    ),
    (
        "sax-parse-after-helper-switches-entities-on",
        611,
        TP,
        """
import xml.sax
from flask import request
def allow_entities(p):
    p.setFeature("http://xml.org/sax/features/external-general-entities", True)
def upload(handler):
    parser = xml.sax.make_parser()
    allow_entities(parser)
    parser.setContentHandler(handler)
    parser.parse(request.files["doc"])  # <-
""",
    ),
    (
        "sax-parse-default-parser",
        611,
        FP,
        """
import xml.sax
from flask import request
def upload(handler):
    parser = xml.sax.make_parser()
    parser.setContentHandler(handler)
    parser.parse(request.files["doc"])  # <-
""",
    ),
    # ------------------------------------------------ a name bound to several modules (import fallbacks)
    (
        "import-fallback-lxml-first",
        611,
        TP,
        """
try:
    from lxml import etree
except ImportError:
    import xml.etree.ElementTree as etree
from flask import request
def upload():
    return etree.fromstring(request.data)  # <-
""",
    ),
    (
        "import-fallback-vendored-copy",
        502,
        TP,
        """
try:
    import yaml
except ImportError:
    import myproject.vendor.yaml as yaml
def load(stream):
    return yaml.load(stream)  # <-
""",
    ),
    (
        "import-fallback-both-safe",
        611,
        FP,
        """
try:
    import defusedxml.ElementTree as ET
except ImportError:
    import xml.etree.ElementTree as ET
from flask import request
def upload():
    return ET.fromstring(request.data)  # <-
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


def test_a_false_positive_without_positive_evidence_does_not_keep_its_safe_reason() -> None:
    """The verdict falls to NEEDS_REVIEW and its reason says why, not the 'safe' reason the rule gave
    (reports and the editor group verdicts by reason)."""
    from sastls.analyzers.code.judge import _judgement
    from sastls.analyzers.code.taint.outcome import Outcome
    from sastls.analyzers.code.taint.values import Note

    sink = Note("app.py", 3, 3, "the call", "sink")
    j = _judgement(Outcome("FALSE_POSITIVE", 0.9, "copy fits", "It fits.", [sink]), ())
    assert (j.verdict, j.reason) == ("NEEDS_REVIEW", "no positive evidence")
    assert "It fits" not in j.justification
    guard = Note("app.py", 2, 2, "checked", "guard")
    j = _judgement(Outcome("FALSE_POSITIVE", 0.9, "copy fits", "It fits.", [sink, guard]), ())
    assert (j.verdict, j.reason) == ("FALSE_POSITIVE", "copy fits")
