"""Import findings (bandit's B403/B404 and the XML imports B405-B411) follow the module's uses in
the file, wherever the import is indented (``if TYPE_CHECKING:``, ``try``/``except ImportError``,
an ``if`` on the Python version: httpie 3.2.4, mkdocs 1.6.1 and bottle 0.13.2 import that way).
A name used only in type annotations is no use. Written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import judge_finding
from sastls.analyzers.findings.model import Finding, Location, Region

TP, FP, NR = "TRUE_POSITIVE", "FALSE_POSITIVE", "NEEDS_REVIEW"

CASES: list[tuple[str, str, int, str, str]] = [
    (
        "xml-import-used-only-in-annotations",
        "B405",
        20,
        FP,
        """
from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from xml.etree import ElementTree as etree  # <-
def heading(el: etree.Element) -> str:
    return el.text or ""
""",
    ),
    (
        "xml-import-used-to-parse-a-request-with-lxml-style-parser-switched-on",
        "B406",
        20,
        TP,
        """
import xml.sax  # <-
from flask import request
def parse(handler):
    parser = xml.sax.make_parser()
    parser.setFeature(xml.sax.handler.feature_external_ges, True)
    parser.setContentHandler(handler)
    parser.parse(request.stream)
""",
    ),
    (
        "xml-import-beside-another-parsers-feed",
        "B405",
        20,
        FP,
        """
from html.parser import HTMLParser
from xml.etree import ElementTree as etree  # <-
class Links(HTMLParser):
    pass
def scan(lines: list, root: etree.Element) -> None:
    parser = Links()
    parser.feed("".join(lines))
""",
    ),
    (
        "xml-import-whose-parser-variable-parses-a-request",
        "B406",
        20,
        TP,
        """
import xml.sax  # <-
from flask import request
def parse(handler):
    parser = xml.sax.make_parser()
    parser.setFeature(xml.sax.handler.feature_external_ges, True)
    parser.parse(request.stream)
""",
    ),
    (
        "xml-import-used-at-run-time-in-a-way-not-understood",
        "B408",
        20,
        NR,
        """
from xml.dom import minidom  # <-
def build(factory=minidom):
    return factory
""",
    ),
    (
        "pickle-import-indented-under-a-version-test",
        "B403",
        502,
        TP,
        """
import sys
from flask import request
if sys.version_info >= (3,):
    import pickle  # <-
else:
    import cPickle as pickle
def load():
    return pickle.loads(request.data)
""",
    ),
    (
        "subprocess-import-inside-a-function",
        "B404",
        78,
        TP,
        """
from flask import request
def run():
    from subprocess import Popen, PIPE  # <-
    return Popen(request.args["cmd"], shell=True, stdout=PIPE)
""",
    ),
]


@pytest.mark.parametrize(("name", "rule", "cwe", "expected", "code"), CASES, ids=[c[0] for c in CASES])
def test_import_findings(tmp_path: Path, name: str, rule: str, cwe: int, expected: str, code: str) -> None:
    (tmp_path / "app.py").write_text(code)
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "# <-" in ln)
    finding = Finding(
        tool="bandit", rule_id=rule, message="m", location=Location("app.py", Region(line)), cwe=(cwe,)
    )
    j = judge_finding(finding, WorkspaceIndex(tmp_path))
    assert j.verdict == expected, f"{name}: {j.verdict} ({j.reason}): {j.justification}"


def test_a_false_positive_cites_only_code_it_consulted(tmp_path: Path) -> None:
    """An investigation accepts a FALSE_POSITIVE only when its evidence lies in code it read (the
    heuristic analyst fetches what the judgement consulted): uses far from the import are cited."""
    code = (
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
        + "    from xml.etree import ElementTree as etree\n"
        + "\n" * 40
        + "def heading(el: etree.Element) -> str:\n    return el.text or ''\n"
    )
    (tmp_path / "app.py").write_text(code)
    finding = Finding(
        tool="bandit", rule_id="B405", message="m", location=Location("app.py", Region(3)), cwe=(20,)
    )
    j = judge_finding(finding, WorkspaceIndex(tmp_path))
    assert j.verdict == FP
    spans = [(int(a), int(b)) for c in j.consulted for a, b in [c.rsplit(":", 1)[1].split("-")]]
    for e in j.evidence:
        assert any(a <= e.start_line <= b for a, b in spans), (e, j.consulted)
