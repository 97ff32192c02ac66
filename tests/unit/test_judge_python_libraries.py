"""What real projects do with their libraries (issue 12 §2): whole-program hardening (defusedxml,
Jinja2 environments that autoescape), configuration round trips, and sinks of libraries found in real
findings (elementpath). Each safe form is beside the form that is not.

Programs mark their line with ``# <-`` (the judge never reads comments); written for these tests.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import Judgement, judge_finding
from sastls.analyzers.findings.model import Finding, Location, Region

TP, FP, NR = "TRUE_POSITIVE", "FALSE_POSITIVE", "NEEDS_REVIEW"


def judge(tmp_path: Path, code: str, cwe: int, rule: str = "rule", tool: str = "scanner") -> Judgement:
    (tmp_path / "app.py").write_text(code)
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "# <-" in ln)
    finding = Finding(
        tool=tool, rule_id=rule, message="m", location=Location("app.py", Region(line)), cwe=(cwe,)
    )
    return judge_finding(finding, WorkspaceIndex(tmp_path))


CASES: list[tuple[str, int, str, str, str, str]] = [
    # ------------------------------------------------ Jinja2: the environment decides
    (
        "jinja-environment-autoescape-true",
        79,
        "rule",
        "scanner",
        FP,
        """
from jinja2 import Environment
from flask import request
env = Environment(autoescape=True)
def view():
    return env.from_string("<p>{{ n }}</p>").render(n=request.args["n"])  # <-
""",
    ),
    (
        "jinja-environment-default-does-not-escape",
        79,
        "rule",
        "scanner",
        TP,
        """
from jinja2 import Environment
from flask import request
env = Environment()
def view():
    return env.from_string("<p>{{ n }}</p>").render(n=request.args["n"])  # <-
""",
    ),
    (
        "jinja-select-autoescape-html-template",
        79,
        "rule",
        "scanner",
        FP,
        """
from jinja2 import Environment, FileSystemLoader, select_autoescape
from flask import request
env = Environment(loader=FileSystemLoader("t"), autoescape=select_autoescape())
def view():
    return env.get_template("page.html").render(n=request.args["n"])  # <-
""",
    ),
    (
        "jinja-select-autoescape-text-template",
        79,
        "rule",
        "scanner",
        TP,
        """
from jinja2 import Environment, FileSystemLoader, select_autoescape
from flask import request
env = Environment(loader=FileSystemLoader("t"), autoescape=select_autoescape())
def view():
    return env.get_template("page.txt").render(n=request.args["n"])  # <-
""",
    ),
    (
        "b701-environment-without-autoescape",
        94,
        "B701",
        "bandit",
        TP,
        """
from jinja2 import Environment, FileSystemLoader
env = Environment(loader=FileSystemLoader("templates"))  # <-
""",
    ),
    (
        "b701-environment-autoescape-off",
        94,
        "B701",
        "bandit",
        TP,
        """
from jinja2 import Environment
env = Environment(autoescape=False)  # <-
""",
    ),
    (
        "b701-environment-select-autoescape",
        94,
        "B701",
        "bandit",
        FP,
        """
from jinja2 import Environment, FileSystemLoader, select_autoescape
env = Environment(loader=FileSystemLoader("t"), autoescape=select_autoescape())  # <-
""",
    ),
    (
        "markupsafe-escape",
        79,
        "rule",
        "scanner",
        FP,
        """
from markupsafe import escape
from flask import request
def view():
    return "<p>" + escape(request.args["n"]) + "</p>"  # <-
""",
    ),
    # ------------------------------------------------ a parser configured by a parameter's default
    (
        "lxml-parser-configured-by-a-safe-default",
        611,
        "rule",
        "scanner",
        FP,
        """
from lxml import etree
def load_svg(path, resolve_entities=False):
    parser = etree.XMLParser(recover=True, resolve_entities=resolve_entities)  # <-
    return etree.parse(path, parser=parser)
def render(path, resolve_entities=False):
    return load_svg(path, resolve_entities=resolve_entities)
""",
    ),
    (
        "lxml-parser-default-overridden-by-a-caller",
        611,
        "rule",
        "scanner",
        TP,
        """
from lxml import etree
def load_svg(path, resolve_entities=False):
    parser = etree.XMLParser(recover=True, resolve_entities=resolve_entities)  # <-
    return etree.parse(path, parser=parser)
def render_with_entities(path):
    return load_svg(path, resolve_entities=True)
""",
    ),
    (
        "lxml-parser-default-that-resolves",
        611,
        "rule",
        "scanner",
        TP,
        """
from lxml import etree
def load_svg(path, resolve_entities=True):
    parser = etree.XMLParser(recover=True, resolve_entities=resolve_entities)  # <-
    return etree.parse(path, parser=parser)
""",
    ),
    (
        "route-parameter-default-is-still-input",
        327,
        "rule",
        "scanner",
        TP,
        """
import hashlib
from fastapi import FastAPI
app = FastAPI()
@app.get("/digest")
def digest(data: str, algorithm: str = "sha256"):
    return {"digest": hashlib.new(algorithm, data.encode()).hexdigest()}  # <-
""",
    ),
    # ------------------------------------------------ defusedxml hardening
    (
        "defuse-stdlib-hardens-etree",
        611,
        "B314",
        "bandit",
        FP,
        """
import defusedxml
defusedxml.defuse_stdlib()
import xml.etree.ElementTree as ET
from flask import request
def view():
    return ET.fromstring(request.data)  # <-
""",
    ),
    (
        "defusedxml-parser-imported",
        611,
        "rule",
        "scanner",
        FP,
        """
from defusedxml.ElementTree import fromstring
from flask import request
def view():
    return fromstring(request.data)  # <-
""",
    ),
    # ------------------------------------------------ config round trips
    (
        "configparser-set-then-get",
        78,
        "rule",
        "scanner",
        TP,
        """
import os, configparser
from flask import request
def view():
    cfg = configparser.ConfigParser()
    cfg["s"] = {}
    cfg.set("s", "cmd", request.args["c"])
    os.system(cfg.get("s", "cmd"))  # <-
""",
    ),
    (
        "configparser-item-round-trip",
        78,
        "rule",
        "scanner",
        TP,
        """
import os, configparser
from flask import request
def view():
    cfg = configparser.ConfigParser()
    cfg["s"] = {"cmd": request.args["c"]}
    os.system(cfg["s"]["cmd"])  # <-
""",
    ),
    # ------------------------------------------------ Tornado's redirect
    (
        "tornado-redirect-to-request-path",
        601,
        "rule",
        "scanner",
        TP,
        """
import tornado.web
class TrailingSlash(tornado.web.RequestHandler):
    def get(self):
        uri = self.request.path.rstrip("/")
        self.redirect("?".join((uri, self.request.query)))  # <-
""",
    ),
    (
        "tornado-redirect-constant",
        601,
        "rule",
        "scanner",
        FP,
        """
import tornado.web
class Home(tornado.web.RequestHandler):
    def get(self):
        self.redirect("/dashboard")  # <-
""",
    ),
    # ------------------------------------------------ elementpath
    (
        "elementpath-select-with-input",
        643,
        "rule",
        "scanner",
        TP,
        """
import elementpath
from flask import request
def view(doc):
    return elementpath.select(doc, "//user[@name='" + request.args["n"] + "']")  # <-
""",
    ),
    (
        "elementpath-selector-with-input",
        643,
        "rule",
        "scanner",
        TP,
        """
from elementpath import Selector
from flask import request
def view(doc):
    return Selector("//user[@name='" + request.args["n"] + "']").select(doc)  # <-
""",
    ),
    (
        "elementpath-select-constant",
        643,
        "rule",
        "scanner",
        FP,
        """
import elementpath
def view(doc):
    return elementpath.select(doc, "//user")  # <-
""",
    ),
    # ------------------------------------------------ a parser configured by a parameter left at its default
    (
        "lxml-parser-flag-parameter-left-at-its-default",
        611,
        "xxe-parser",
        "semgrep",
        FP,
        """
from lxml import etree
from flask import request
def load(data, resolve_entities=False):
    parser = etree.XMLParser(resolve_entities=resolve_entities)
    return etree.fromstring(data, parser)  # <-
def view():
    return load(request.data)
""",
    ),
    (
        "lxml-parser-flag-parameter-a-caller-switches-on",
        611,
        "xxe-parser",
        "semgrep",
        TP,
        """
from lxml import etree
from flask import request
def load(data, resolve_entities=False):
    parser = etree.XMLParser(resolve_entities=resolve_entities)
    return etree.fromstring(data, parser)  # <-
def view():
    return load(request.data, resolve_entities=True)
""",
    ),
    (
        "lxml-parser-flag-parameter-of-a-method",
        611,
        "xxe-parser",
        "semgrep",
        TP,
        """
from lxml import etree
class Loader:
    def load(self, data, resolve_entities=False):
        parser = etree.XMLParser(resolve_entities=resolve_entities)
        return etree.fromstring(data, parser)  # <-
""",
    ),
    # ------------------------------------------------ aiohttp: a file response is a path sink
    (
        "aiohttp-file-response-of-a-route-parameter",
        22,
        "nonliteral-path",
        "semgrep",
        TP,
        """
from aiohttp import web
async def download(request):
    return web.FileResponse("/srv/files/" + request.match_info["name"])  # <-
""",
    ),
    (
        "aiohttp-file-response-of-a-basename",
        22,
        "nonliteral-path",
        "semgrep",
        FP,
        """
import os
from aiohttp import web
async def download(request):
    name = os.path.basename(request.match_info["name"])
    return web.FileResponse(os.path.join("/srv/files", name))  # <-
""",
    ),
    # ------------------------------------------------ urllib3: hiding warnings switches nothing off
    (
        "urllib3-disable-warnings",
        295,
        "tls-verification-disabled",
        "semgrep",
        FP,
        """
import urllib3
urllib3.disable_warnings()  # <-
""",
    ),
    (
        "requests-verify-false-beside-disable-warnings",
        295,
        "tls-verification-disabled",
        "semgrep",
        TP,
        """
import requests, urllib3
urllib3.disable_warnings()
def fetch(url):
    return requests.get(url, verify=False)  # <-
""",
    ),
    # ------------------------------------------------ Mako (B702): escapes only with default_filters
    (
        "b702-mako-template-without-default-filters",
        79,
        "B702",
        "bandit",
        TP,
        """
from mako.template import Template
def page(name):
    return Template("<p>${name}</p>").render(name=name)  # <-
""",
    ),
    (
        "b702-mako-template-with-kwargs",
        79,
        "B702",
        "bandit",
        TP,
        """
from mako.template import Template
def page(source, **options):
    return Template(source, **options)  # <-
""",
    ),
    (
        "mako-template-text-from-the-request-runs-code",
        1336,
        "template-from-string",
        "semgrep",
        TP,
        """
from mako.template import Template
from flask import request
def page():
    return Template(request.args["t"]).render()  # <-
""",
    ),
    (
        "mako-template-constant-text",
        1336,
        "template-from-string",
        "semgrep",
        FP,
        """
from mako.template import Template
from flask import request
def page():
    return Template("<p>${n}</p>").render(n=request.args["n"])  # <-
""",
    ),
]


@pytest.mark.parametrize(
    ("name", "cwe", "rule", "tool", "expected", "code"), CASES, ids=[c[0] for c in CASES]
)
def test_libraries(
    tmp_path: Path, name: str, cwe: int, rule: str, tool: str, expected: str, code: str
) -> None:
    j = judge(tmp_path, code, cwe, rule, tool)
    assert j.verdict == expected, f"{name}: {j.verdict} ({j.reason}): {j.justification}"
    if j.verdict == FP:
        assert any(e.role in {"constant", "sanitizer", "guard", "safe_variant"} for e in j.evidence)
