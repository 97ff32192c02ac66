"""The offline judgement on Python: one real and one false variant (at least) per family.

Each program marks its sink line with the comment ``# <-`` (the test finds the line by it; the
judge never reads comments). Programs are written for these tests, independently of the corpus.
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
    for rel, text in (files or {}).items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
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
    # ---------------------------------------------------------------- SQL injection
    (
        "sql-concat",
        89,
        TP,
        """
import sqlite3
from flask import request
def view():
    name = request.args.get("name")
    conn = sqlite3.connect("x.db")
    conn.execute("SELECT * FROM u WHERE n = '" + name + "'")  # <-
""",
    ),
    (
        "sql-params",
        89,
        FP,
        """
import sqlite3
from flask import request
def view():
    name = request.args.get("name")
    conn = sqlite3.connect("x.db")
    conn.execute("SELECT * FROM u WHERE n = ?", (name,))  # <-
""",
    ),
    (
        "sql-int-cast",
        89,
        FP,
        """
from flask import request
def view(cur):
    uid = int(request.args["id"])
    cur.execute(f"SELECT * FROM u WHERE id = {uid}")  # <-
""",
    ),
    (
        "sql-allowlist-guard",
        89,
        FP,
        """
from flask import request, abort
COLUMNS = ("name", "created")
def view(cur):
    col = request.args.get("sort", "name")
    if col not in COLUMNS:
        abort(400)
    cur.execute("SELECT * FROM u ORDER BY " + col)  # <-
""",
    ),
    (
        "sql-guard-on-other-branch-only",
        89,
        TP,
        """
from flask import request
COLUMNS = ("name", "created")
def view(cur):
    col = request.args.get("sort", "name")
    if col in COLUMNS:
        print("ok")
    cur.execute("SELECT * FROM u ORDER BY " + col)  # <-
""",
    ),
    (
        "sql-retainted-after-sanitizer",
        89,
        TP,
        """
from flask import request
def view(cur):
    v = int(request.args["id"])
    v = request.args["name"]
    cur.execute("SELECT %s" % v)  # <-
""",
    ),
    (
        "sql-percent-d",
        89,
        FP,
        """
from flask import request
def view(cur):
    cur.execute("SELECT * FROM u WHERE id = %d" % request.args["id"])  # <-
""",
    ),
    # ---------------------------------------------------------------- command injection
    (
        "cmd-shell",
        78,
        TP,
        """
import os, sys
def main():
    os.system("ls " + sys.argv[1])  # <-
""",
    ),
    (
        "cmd-quoted",
        78,
        FP,
        """
import os, shlex, sys
def main():
    os.system("ls " + shlex.quote(sys.argv[1]))  # <-
""",
    ),
    (
        "cmd-argv-list",
        78,
        FP,
        """
import subprocess, sys
def main():
    subprocess.run(["ls", "-l", sys.argv[1]])  # <-
""",
    ),
    (
        "cmd-sh-c-list",
        78,
        TP,
        """
import subprocess, sys
def main():
    subprocess.run(["sh", "-c", "ls " + sys.argv[1]])  # <-
""",
    ),
    (
        "cmd-constant",
        78,
        FP,
        """
import subprocess
def main():
    subprocess.run("uptime", shell=True)  # <-
""",
    ),
    (
        "cmd-dead-branch",
        78,
        FP,
        """
import os, sys
DEBUG = 1 > 2
def main():
    if DEBUG:
        os.system("rm -rf " + sys.argv[1])  # <-
""",
    ),
    (
        "cmd-comment-does-not-sanitize",
        78,
        TP,
        """
import os, sys
def main():
    safe_value = sys.argv[1]  # sanitized and validated upstream, this is safe
    os.system("echo " + safe_value)  # <-
""",
    ),
    (
        "cmd-dict-constant-key",
        78,
        FP,
        """
import os, sys
def main():
    d = {"cmd": "uptime", "arg": sys.argv[1]}
    os.system(d["cmd"])  # <-
""",
    ),
    (
        "cmd-dict-tainted-key",
        78,
        TP,
        """
import os, sys
def main():
    d = {"cmd": "uptime", "arg": sys.argv[1]}
    os.system(d["arg"])  # <-
""",
    ),
    (
        "cmd-list-positions",
        78,
        FP,
        """
import os, sys
def main():
    items = ["uptime"]
    items.append(sys.argv[1])
    items.pop()
    os.system(items[0])  # <-
""",
    ),
    # ---------------------------------------------------------------- path traversal
    (
        "path-open",
        22,
        TP,
        """
from flask import request
def view():
    return open("/srv/" + request.args["f"]).read()  # <-
""",
    ),
    (
        "path-basename",
        22,
        FP,
        """
import os
from flask import request
def view():
    return open(os.path.join("/srv", os.path.basename(request.args["f"]))).read()  # <-
""",
    ),
    (
        "path-realpath-guard",
        22,
        FP,
        """
import os
from flask import request, abort
BASE = "/srv/files"
def view():
    p = os.path.realpath(os.path.join(BASE, request.args["f"]))
    if not p.startswith(BASE + os.sep):
        abort(403)
    return open(p).read()  # <-
""",
    ),
    (
        "path-prefix-without-normalising",
        22,
        TP,
        """
import os
from flask import request, abort
BASE = "/srv/files"
def view():
    p = os.path.join(BASE, request.args["f"])
    if not p.startswith(BASE):
        abort(403)
    return open(p).read()  # <-
""",
    ),
    # ---------------------------------------------------------------- XSS
    (
        "xss-return",
        79,
        TP,
        """
from flask import request
def view():
    return "<p>" + request.args.get("q", "") + "</p>"  # <-
""",
    ),
    (
        "xss-escaped",
        79,
        FP,
        """
import html
from flask import request
def view():
    return "<p>" + html.escape(request.args.get("q", "")) + "</p>"  # <-
""",
    ),
    (
        "xss-template",
        79,
        FP,
        """
from flask import request, render_template
def view():
    return render_template("p.html", q=request.args.get("q"))  # <-
""",
    ),
    # ---------------------------------------------------------------- code injection / deserialization
    (
        "code-eval",
        95,
        TP,
        """
from flask import request
def view():
    return str(eval(request.args["expr"]))  # <-
""",
    ),
    (
        "code-literal-eval",
        95,
        FP,
        """
import ast
from flask import request
def view():
    return str(ast.literal_eval(request.args["expr"]))  # <-
""",
    ),
    (
        "yaml-unsafe",
        502,
        TP,
        """
import yaml
from flask import request
def view():
    return yaml.load(request.data, Loader=yaml.Loader)  # <-
""",
    ),
    (
        "yaml-safe-loader",
        502,
        FP,
        """
import yaml
from flask import request
def view():
    return yaml.load(request.data, Loader=yaml.SafeLoader)  # <-
""",
    ),
    (
        "pickle-own-bytes",
        502,
        FP,
        """
import pickle
STATE = pickle.dumps({"a": 1})
def load():
    return pickle.loads(STATE)  # <-
""",
    ),
    # ---------------------------------------------------------------- XXE / LDAP / XPath
    (
        "xxe-lxml-resolving",
        611,
        TP,
        """
from lxml import etree
from flask import request
def view():
    parser = etree.XMLParser(resolve_entities=True)
    return etree.fromstring(request.data, parser)  # <-
""",
    ),
    (
        "xxe-lxml-hardened",
        611,
        FP,
        """
from lxml import etree
from flask import request
def view():
    parser = etree.XMLParser(resolve_entities=False, no_network=True)
    return etree.fromstring(request.data, parser)  # <-
""",
    ),
    (
        "xxe-defused",
        611,
        FP,
        """
import defusedxml.ElementTree as ET
from flask import request
def view():
    return ET.fromstring(request.data)  # <-
""",
    ),
    (
        "ldap-concat",
        90,
        TP,
        """
from flask import request
def view(conn):
    return conn.search_s("dc=x", 2, "(uid=" + request.args["u"] + ")")  # <-
""",
    ),
    (
        "ldap-escaped",
        90,
        FP,
        """
from ldap.filter import escape_filter_chars
from flask import request
def view(conn):
    return conn.search_s("dc=x", 2, "(uid=" + escape_filter_chars(request.args["u"]) + ")")  # <-
""",
    ),
    (
        "xpath-concat",
        643,
        TP,
        """
from flask import request
def view(tree):
    return tree.xpath("//u[@name='" + request.args["n"] + "']")  # <-
""",
    ),
    (
        "xpath-variables",
        643,
        FP,
        """
from flask import request
def view(tree):
    return tree.xpath("//u[@name=$n]", n=request.args["n"])  # <-
""",
    ),
    # ---------------------------------------------------------------- redirect / trust boundary
    (
        "redirect-open",
        601,
        TP,
        """
from flask import request, redirect
def view():
    return redirect(request.args["next"])  # <-
""",
    ),
    (
        "redirect-url-for",
        601,
        FP,
        """
from flask import redirect, url_for
def view():
    return redirect(url_for("home"))  # <-
""",
    ),
    (
        "redirect-host-allowlist",
        601,
        FP,
        """
from urllib.parse import urlparse
from flask import request, redirect, abort
HOSTS = {"a.example"}
def view():
    target = request.args["next"]
    if urlparse(target).netloc not in HOSTS:
        abort(400)
    return redirect(target)  # <-
""",
    ),
    (
        "session-tainted",
        501,
        TP,
        """
from flask import request, session
def view():
    session["user"] = request.args["u"]  # <-
""",
    ),
    (
        "session-constant",
        501,
        FP,
        """
from flask import session
def view():
    session["theme"] = "dark"  # <-
""",
    ),
    # ---------------------------------------------------------------- configuration families
    (
        "hash-md5",
        328,
        TP,
        """
import hashlib
def digest(data):
    return hashlib.md5(data).hexdigest()  # <-
""",
    ),
    (
        "hash-md5-not-security",
        328,
        FP,
        """
import hashlib
def digest(data):
    return hashlib.md5(data, usedforsecurity=False).hexdigest()  # <-
""",
    ),
    (
        "hash-new-sha256",
        328,
        FP,
        """
import hashlib
ALGO = "sha256"
def digest(data):
    return hashlib.new(ALGO, data).hexdigest()  # <-
""",
    ),
    (
        "random-module",
        330,
        TP,
        """
import random
def token():
    return random.getrandbits(64)  # <-
""",
    ),
    (
        "random-system",
        330,
        FP,
        """
import random
RNG = random.SystemRandom()
def token():
    return RNG.getrandbits(64)  # <-
""",
    ),
    (
        "cookie-no-flags",
        614,
        TP,
        """
def view(resp):
    resp.set_cookie("sid", "v")  # <-
""",
    ),
    (
        "cookie-flags",
        614,
        FP,
        """
def view(resp):
    resp.set_cookie("sid", "v", secure=True, httponly=True)  # <-
""",
    ),
    # ---------------------------------------------------------------- cookies cleared, data serialised here
    (
        "cookie-cleared",
        614,
        FP,
        """
def logout(resp):
    resp.set_cookie("sid", "", expires=0)  # <-
""",
    ),
    (
        "cookie-empty-but-kept",
        614,
        TP,
        """
def logout(resp):
    resp.set_cookie("sid", "", max_age=3600)  # <-
""",
    ),
    (
        "pickle-of-own-dump",
        502,
        FP,
        """
import pickle
def copy(obj):
    return pickle.loads(pickle.dumps(obj))  # <-
""",
    ),
    (
        "pickle-dump-plus-input",
        502,
        TP,
        """
import pickle
from flask import request
def copy(obj):
    return pickle.loads(pickle.dumps(obj)[:2] + request.data)  # <-
""",
    ),
    (
        "torch-weights-only",
        502,
        FP,
        """
import torch
from flask import request
def v():
    return torch.load(request.files["m"], weights_only=True)  # <-
""",
    ),
    (
        "torch-full-load",
        502,
        TP,
        """
import torch
from flask import request
def v():
    return torch.load(request.files["m"])  # <-
""",
    ),
    # ---------------------------------------------------------------- XSS: what the browser is told it gets
    (
        "xss-text-plain-response",
        79,
        FP,
        """
from flask import request, Response
def echo():
    return Response("you said " + request.args["q"], mimetype="text/plain")  # <-
""",
    ),
    (
        "xss-html-response",
        79,
        TP,
        """
from flask import request, Response
def echo():
    return Response("<p>" + request.args["q"], mimetype="text/html")  # <-
""",
    ),
    (
        "xss-flask-response-default-is-html",
        79,
        TP,
        """
from flask import request, Response
def echo():
    return Response("<p>" + request.args["q"])  # <-
""",
    ),
    (
        "xss-headers-may-override-the-type",
        79,
        TP,
        """
from flask import request, Response
def echo():
    return Response(request.args["q"], mimetype="text/plain", headers={"Content-Type": "text/html"})  # <-
""",
    ),
    (
        "xss-media-type-chosen-at-run-time",
        79,
        TP,
        """
from flask import request, Response
def echo():
    return Response(request.args["q"], mimetype=request.args["t"])  # <-
""",
    ),
    (
        "xss-svg-is-markup",
        79,
        TP,
        """
from django.http import HttpResponse
def icon(request):
    return HttpResponse(request.GET["svg"], content_type="image/svg+xml")  # <-
""",
    ),
    (
        "xss-aiohttp-text-default",
        79,
        FP,
        """
from aiohttp import web
async def h(request):
    return web.Response(text="hi " + request.query["n"])  # <-
""",
    ),
    (
        "xss-tornado-dict-is-json",
        79,
        FP,
        """
import tornado.web
class H(tornado.web.RequestHandler):
    def get(self):
        self.write({"name": self.get_argument("n")})  # <-
""",
    ),
    (
        "xss-tornado-string-is-html",
        79,
        TP,
        """
import tornado.web
class H(tornado.web.RequestHandler):
    def get(self):
        self.write("<b>" + self.get_argument("n") + "</b>")  # <-
""",
    ),
    # ---------------------------------------------------------------- objects we cannot see into
    (
        "inherited-method-is-unknown",
        22,
        TP,
        """
import os
from webfw import BaseHandler
class Remove(BaseHandler):
    def post(self):
        name = self.param("name")
        os.remove("/srv/data/" + name)  # <-
""",
    ),
    (
        "tornado-argument-source",
        78,
        TP,
        """
import subprocess
import tornado.web
class Ping(tornado.web.RequestHandler):
    def get(self):
        host = self.get_query_argument("h", "localhost")
        self.write(subprocess.getoutput("ping -c1 " + host))  # <-
""",
    ),
    (
        "tornado-argument-cast",
        78,
        FP,
        """
import subprocess
import tornado.web
class Ping(tornado.web.RequestHandler):
    def get(self):
        count = int(self.get_argument("n"))
        self.write(subprocess.getoutput("ping -c %d localhost" % count))  # <-
""",
    ),
    (
        "dataclass-field-from-request",
        89,
        TP,
        """
import sqlite3
from dataclasses import dataclass
from flask import request
@dataclass
class Where:
    col: str
    val: str
    def sql(self):
        return self.col + " = '" + self.val + "'"
def view():
    w = Where("city", request.args["city"])
    sqlite3.connect("d").execute("SELECT * FROM t WHERE " + w.sql())  # <-
""",
    ),
    (
        "dataclass-field-constant",
        89,
        FP,
        """
import sqlite3
from dataclasses import dataclass
@dataclass
class Where:
    col: str
    val: str = "x"
    def sql(self):
        return self.col + " = '" + self.val + "'"
def view():
    w = Where("city", "paris")
    sqlite3.connect("d").execute("SELECT * FROM t WHERE " + w.sql())  # <-
""",
    ),
    (
        "dataclass-field-sink-in-method",
        89,
        TP,
        """
import sqlite3
from dataclasses import dataclass
@dataclass
class Lookup:
    name: str
    def run(self, db: sqlite3.Connection):
        return db.execute("SELECT * FROM t WHERE n = '" + self.name + "'")  # <-
""",
    ),
]


@pytest.mark.parametrize(("name", "cwe", "expected", "code"), CASES, ids=[c[0] for c in CASES])
def test_family_variants(tmp_path: Path, name: str, cwe: int, expected: str, code: str) -> None:
    j = judge(tmp_path, code, cwe)
    assert j.verdict == expected, f"{name}: {j.verdict} ({j.reason}): {j.justification}"
    if j.verdict == FP:
        assert j.evidence, "a false positive needs positive evidence"
        assert any(
            e.role in {"constant", "sanitizer", "guard", "dead_branch", "safe_variant", "step"}
            for e in j.evidence
        )


def test_every_verdict_carries_reason_justification_and_consulted_code(tmp_path: Path) -> None:
    j = judge(tmp_path, CASES[0][3], 89)
    assert j.reason.startswith("tainted by flask.request.args")
    assert "flask.request.args" in j.justification
    roles = [e.role for e in j.evidence]
    assert roles[0] == "source" and roles[-1] == "sink"
    assert j.consulted and all(":" in c and "-" in c for c in j.consulted)
    assert 0 < j.confidence <= 1


def test_helper_in_another_module_is_followed(tmp_path: Path) -> None:
    helper = """
import subprocess
def run(cmd):
    return subprocess.run(cmd, shell=True)
"""
    real = """
import sys
from tools.shell import run
def main():
    run("ls " + sys.argv[1])  # <-
"""
    j = judge(tmp_path, real, 78, files={"tools/__init__.py": "", "tools/shell.py": helper})
    assert j.verdict == TP
    assert any(e.path == "tools/shell.py" for e in j.evidence)
    constant = real.replace('"ls " + sys.argv[1]', '"uptime"')
    assert judge(tmp_path, constant, 78).verdict == FP


def test_helper_that_sanitizes_is_summarised(tmp_path: Path) -> None:
    helper = """
import shlex
def q(value):
    return shlex.quote(value.strip())
"""
    code = """
import os, sys
from util import q
def main():
    os.system("ls " + q(sys.argv[1]))  # <-
"""
    assert judge(tmp_path, code, 78, files={"util.py": helper}).verdict == FP


def test_parameter_resolved_through_callers(tmp_path: Path) -> None:
    code = """
import os, sys
def run(cmd):
    os.system(cmd)  # <-
def a():
    run("uptime")
def b():
    run("date")
"""
    assert judge(tmp_path, code, 78).verdict == FP
    tainted = (
        code
        + """
def c():
    run(sys.argv[1])
"""
    )
    assert judge(tmp_path, tainted, 78).verdict == TP


def test_function_without_callers_is_reachable_from_outside(tmp_path: Path) -> None:
    code = """
import os
def run(cmd):
    os.system(cmd)  # <-
"""
    j = judge(tmp_path, code, 78)
    assert j.verdict == TP and "reachable from outside" in j.reason


def test_names_and_strings_do_not_decide(tmp_path: Path) -> None:
    code = """
import os, sys
def sanitize_and_validate_safe_input():
    return sys.argv[1]
def main():
    os.system("false positive, safe: " + sanitize_and_validate_safe_input())  # <-
"""
    assert judge(tmp_path, code, 78).verdict == TP


def test_unmodelled_family_needs_review_never_false_positive(tmp_path: Path) -> None:
    code = """
def f():
    return "0.0.0.0"  # <-
"""
    j = judge(tmp_path, code, 605, rule="B104")
    assert j.verdict == NR


def test_family_from_bandit_rule_id_without_cwe(tmp_path: Path) -> None:
    code = """
import os
def f():
    os.system("uptime")  # <-
"""
    assert judge(tmp_path, code, 0, rule="B605", tool="bandit").verdict == FP


def test_import_finding_is_judged_by_the_module_uses(tmp_path: Path) -> None:
    code = """import subprocess  # <-
def f():
    subprocess.run(["ls", "-l"])
"""
    assert judge(tmp_path, code, 78, rule="B404", tool="bandit").verdict == FP
    tainted = (
        code
        + """
def g(x):
    subprocess.run(x, shell=True)
"""
    )
    assert judge(tmp_path, tainted, 78, rule="B404", tool="bandit").verdict == TP


def test_query_built_on_one_line_judged_where_it_is_executed(tmp_path: Path) -> None:
    code = """
from flask import request
def view(cur):
    q = "SELECT * FROM t WHERE id = " + str(int(request.args["id"]))  # <-
    cur.execute(q)
"""
    assert judge(tmp_path, code, 89, rule="B608", tool="bandit").verdict == FP


def test_missing_file_and_missing_sink_need_review(tmp_path: Path) -> None:
    (tmp_path / "app.py").write_text("x = 1\n")
    index = WorkspaceIndex(tmp_path)
    gone = Finding(tool="t", rule_id="r", message="m", location=Location("nope.py", Region(1)), cwe=(89,))
    assert judge_finding(gone, index).verdict == NR
    nosink = Finding(tool="t", rule_id="r", message="m", location=Location("app.py", Region(1)), cwe=(89,))
    assert judge_finding(nosink, index).verdict == NR


def test_deterministic(tmp_path: Path) -> None:
    code = CASES[3][3]
    first = judge(tmp_path, code, 89)
    second = judge(tmp_path, code, 89)
    assert first == second


def test_pathological_code_ends_needs_review_not_a_crash(tmp_path: Path) -> None:
    nested = "import os, sys\ndef f():\n    x = sys.argv[1]\n"
    indent = "    "
    for i in range(6):
        nested += f"{indent}for i{i} in range(3):\n"
        indent += "    "
        nested += f"{indent}x = x + str(i{i})\n"
    nested += f"{indent}os.system(x)  # <-\n"
    (tmp_path / "app.py").write_text(nested)
    line = next(i for i, ln in enumerate(nested.splitlines(), 1) if "# <-" in ln)
    finding = Finding(
        tool="t", rule_id="r", message="m", location=Location("app.py", Region(line)), cwe=(78,)
    )
    from sastls.analyzers.code.judge import Judge

    judge_ = Judge(WorkspaceIndex(tmp_path))
    judge_.engine.max_steps = 50
    assert judge_.judge(finding).verdict == NR
    assert judge_finding(finding, WorkspaceIndex(tmp_path)).verdict == TP


def test_module_values_written_by_functions_are_not_constants(tmp_path: Path) -> None:
    code = """
import os, sys
COMMANDS = ["uptime"]
TARGET = "localhost"
def remember(cmd):
    COMMANDS.append(cmd)
def retarget(host):
    global TARGET
    TARGET = host
def main():
    remember(sys.argv[1])
    os.system(COMMANDS[-1])  # <-
"""
    assert judge(tmp_path, code, 78).verdict == TP
    other = code.replace("os.system(COMMANDS[-1])", "os.system('ping ' + TARGET)")
    assert judge(tmp_path, other, 78).verdict == TP
    untouched = code.replace("os.system(COMMANDS[-1])", "os.system('ping ' + ZONE)").replace(
        'TARGET = "localhost"', 'TARGET = "localhost"\nZONE = "eu"'
    )
    assert judge(tmp_path, untouched, 78).verdict == FP


def test_class_attribute_set_from_a_parameter_is_tainted(tmp_path: Path) -> None:
    code = """
import os
class Job:
    def __init__(self, cmd):
        self.cmd = cmd
        self.tool = "uptime"
    def run(self):
        os.system(self.cmd)  # <-
    def stats(self):
        os.system(self.tool)
"""
    assert judge(tmp_path, code, 78).verdict == TP
    stats = code.replace("os.system(self.cmd)  # <-", "os.system(self.cmd)").replace(
        "os.system(self.tool)", "os.system(self.tool)  # <-"
    )
    assert judge(tmp_path, stats, 78).verdict == FP


def test_removing_every_other_character_sanitizes(tmp_path: Path) -> None:
    code = """
import os, re, sys
def main():
    name = re.sub(r"[^a-zA-Z0-9_]", "", sys.argv[1])
    os.system("id " + name)  # <-
"""
    assert judge(tmp_path, code, 78).verdict == FP
    loose = code.replace('r"[^a-zA-Z0-9_]"', 'r"[^a-zA-Z0-9_;| ]"')
    assert judge(tmp_path, loose, 78).verdict == TP
    keys = """
import os
from flask import request
def view():
    for k in request.args.keys():
        os.system(k)  # <-
"""
    assert judge(tmp_path, keys, 78).verdict == TP


def test_false_positive_without_positive_evidence_is_downgraded() -> None:
    from sastls.analyzers.code.judge import _judgement
    from sastls.analyzers.code.taint.outcome import Outcome
    from sastls.analyzers.code.taint.values import Note

    only_sink = Outcome("FALSE_POSITIVE", 0.9, "x", "y", [Note("a.py", 1, 1, "sink", "sink")])
    assert _judgement(only_sink, ()).verdict == NR
    with_constant = Outcome(
        "FALSE_POSITIVE", 0.9, "x", "y", [Note("a.py", 1, 1, "constant 'ls'", "constant")]
    )
    assert _judgement(with_constant, ()).verdict == FP


def test_methods_of_workspace_instances_are_followed(tmp_path: Path) -> None:
    helper = """
class Thing:
    def transform(self, value):
        return "fixed"
    def passthrough(self, value):
        return value.strip()

def make():
    return Thing()
"""
    code = """
import os, sys
from things import make
def main():
    thing = make()
    os.system(thing.transform(sys.argv[1]))  # <-
"""
    assert judge(tmp_path, code, 78, files={"things.py": helper}).verdict == FP
    through = code.replace("thing.transform", "thing.passthrough")
    assert judge(tmp_path, through, 78, files={"things.py": helper}).verdict == TP


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        ("requests.get(u)", TP),
        ("requests.get(u, timeout=None)", TP),
        ("requests.get(u, timeout=t)", TP),  # not a constant: cannot be proven safe
        ("requests.get(u, timeout=5)", FP),
        ("requests.post(u, json={}, timeout=(3, 10))", FP),
    ],
)
def test_request_without_timeout(tmp_path: Path, call: str, expected: str) -> None:
    code = f"import requests\ndef f(u, t):\n    return {call}  # <-\n"
    j = judge(tmp_path, code, 400, rule="B113", tool="bandit")
    assert j.verdict == expected, (call, j.reason, j.justification)


SQL_SINK_SHAPES = {
    "comment on its own line inside the call": """
    conn.execute(
        # build the query
        {query}  # <-
    )
""",
    "comment between the operands": """
    conn.execute({head}  # <-
                 # the user's input
                 {tail})
""",
    "blank lines and a backslash continuation": """
    conn.execute(

        {head} \\
        {tail}  # <-

    )
""",
    "finding on the argument line": """
    conn.execute(
        {query},  # <-
    )
""",
}


@pytest.mark.parametrize("shape", list(SQL_SINK_SHAPES))
def test_the_sink_is_found_whatever_the_layout_of_its_call(tmp_path: Path, shape: str) -> None:
    """Issue 16: comments, blank lines and continuations inside the sink's parentheses, and a
    finding on one of the call's inner lines, locate the same sink as a one-line call."""
    head = """
import sqlite3
from flask import request
def view():
    name = request.args.get("name")
    conn = sqlite3.connect("x.db")"""
    body = SQL_SINK_SHAPES[shape]
    real = head + body.format(
        query='"SELECT * FROM u WHERE n = \'" + name + "\'"',
        head='"SELECT * FROM u WHERE n = \'"',
        tail='+ name + "\'"',
    )
    assert judge(tmp_path, real, 89).verdict == TP, real
    constant = head + body.format(
        query='"SELECT * FROM u WHERE n = 1"', head='"SELECT * FROM u "', tail='+ "WHERE n = 1"'
    )
    assert judge(tmp_path, constant, 89).verdict == FP, constant
