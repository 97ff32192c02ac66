"""Soundness of the offline Python analyst through containers, buffers and string building (issue 12
§1): a value stored in a list, a dict, a deque, a buffer or an object and read back is the value that
was stored; a container whose element cannot be told is unknown, never a constant; an f-string, ``%``,
``.format`` or ``+`` with one non-constant part is not a constant, and a justification that says
"constant" names what is constant.

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


def judge(tmp_path: Path, code: str, cwe: int) -> Judgement:
    (tmp_path / "app.py").write_text(code)
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "# <-" in ln)
    finding = Finding(
        tool="scanner", rule_id="rule", message="m", location=Location("app.py", Region(line)), cwe=(cwe,)
    )
    return judge_finding(finding, WorkspaceIndex(tmp_path))


# ------------------------------------------------ containers and buffers: read back what was stored
CONTAINERS: list[tuple[str, int, str, str]] = [
    (
        "stringio-write-getvalue",
        78,
        TP,
        """
import io, os
from flask import request
def view():
    buf = io.StringIO()
    buf.write("ls ")
    buf.write(request.args["d"])
    os.system(buf.getvalue())  # <-
""",
    ),
    (
        "stringio-constant-only",
        78,
        FP,
        """
import io, os
def view():
    buf = io.StringIO()
    buf.write("ls ")
    buf.write("/tmp")
    os.system(buf.getvalue())  # <-
""",
    ),
    (
        "bytesio-init-pickle",
        502,
        TP,
        """
import io, pickle
from flask import request
def view():
    buf = io.BytesIO(request.data)
    return pickle.load(buf)  # <-
""",
    ),
    (
        "stringio-print-file",
        78,
        TP,
        """
import io, os
from flask import request
def view():
    buf = io.StringIO()
    print("ls", request.args["d"], file=buf)
    os.system(buf.getvalue())  # <-
""",
    ),
    (
        "list-append-index",
        78,
        TP,
        """
import os
from flask import request
def view():
    parts = ["ls"]
    parts.append(request.args["d"])
    os.system(parts[1])  # <-
""",
    ),
    (
        "list-append-index-constant",
        78,
        FP,
        """
import os
from flask import request
def view():
    parts = ["ls"]
    parts.append(request.args["d"])
    os.system(parts[0])  # <-
""",
    ),
    (
        "list-insert-index",
        78,
        TP,
        """
import os
from flask import request
def view():
    parts = ["a", "b"]
    parts.insert(0, request.args["d"])
    os.system(parts[0])  # <-
""",
    ),
    (
        "list-pop-last",
        78,
        TP,
        """
import os
from flask import request
def view():
    parts = ["ls"]
    parts.append(request.args["d"])
    os.system(parts.pop())  # <-
""",
    ),
    (
        "list-pop-unknown-branch",
        78,
        TP,
        """
import os
from flask import request
def view(flag):
    parts = ["ls"]
    if flag:
        parts.append(request.args["d"])
    os.system(parts.pop())  # <-
""",
    ),
    (
        "list-pop-index-after-loop",
        78,
        TP,
        """
import os
from flask import request
def view():
    parts = ["ls"]
    for v in request.args.getlist("d"):
        parts.append(v)
    os.system(parts.pop())  # <-
""",
    ),
    (
        "list-pop-zero",
        78,
        TP,
        """
import os
from flask import request
def view():
    parts = []
    parts.append(request.args["d"])
    parts.append("x")
    cmd = parts.pop(0)
    os.system(cmd)  # <-
""",
    ),
    (
        "list-index-unknown",
        78,
        TP,
        """
import os
from flask import request
def view(i):
    parts = ["ls", request.args["d"]]
    os.system(parts[i])  # <-
""",
    ),
    (
        "str-join",
        78,
        TP,
        """
import os
from flask import request
def view():
    os.system(" ".join(["ls", request.args["d"]]))  # <-
""",
    ),
    (
        "str-join-list-built",
        78,
        TP,
        """
import os
from flask import request
def view():
    parts = ["ls"]
    parts.append(request.args["d"])
    os.system(" ".join(parts))  # <-
""",
    ),
    (
        "str-join-generator",
        78,
        TP,
        """
import os
from flask import request
def view():
    os.system(" ".join(a for a in request.args.getlist("d")))  # <-
""",
    ),
    (
        "dict-roundtrip",
        78,
        TP,
        """
import os
from flask import request
def view():
    d = {}
    d["cmd"] = request.args["d"]
    os.system(d["cmd"])  # <-
""",
    ),
    (
        "dict-get-roundtrip",
        78,
        TP,
        """
import os
from flask import request
def view():
    d = {"cmd": "ls"}
    d.update({"cmd": request.args["d"]})
    os.system(d.get("cmd"))  # <-
""",
    ),
    (
        "dict-constructor",
        78,
        TP,
        """
import os
from flask import request
def view():
    d = dict(cmd=request.args["d"])
    os.system(d["cmd"])  # <-
""",
    ),
    (
        "dict-items-loop",
        78,
        TP,
        """
import os
from flask import request
def view():
    d = {"a": request.args["d"]}
    for k, v in d.items():
        os.system(v)  # <-
""",
    ),
    (
        "dict-values-list",
        78,
        TP,
        """
import os
from flask import request
def view():
    d = {"a": request.args["d"]}
    os.system(list(d.values())[0])  # <-
""",
    ),
    (
        "deque-popleft",
        78,
        TP,
        """
import os, collections
from flask import request
def view():
    q = collections.deque()
    q.append(request.args["d"])
    os.system(q.popleft())  # <-
""",
    ),
    (
        "defaultdict-append",
        78,
        TP,
        """
import os
from collections import defaultdict
from flask import request
def view():
    d = defaultdict(list)
    d["k"].append(request.args["d"])
    os.system(d["k"][0])  # <-
""",
    ),
    (
        "ordereddict",
        78,
        TP,
        """
import os
from collections import OrderedDict
from flask import request
def view():
    d = OrderedDict()
    d["k"] = request.args["d"]
    os.system(d["k"])  # <-
""",
    ),
    (
        "namedtuple",
        78,
        TP,
        """
import os
from collections import namedtuple
from flask import request
P = namedtuple("P", "cmd")
def view():
    p = P(request.args["d"])
    os.system(p.cmd)  # <-
""",
    ),
    (
        "chainmap",
        78,
        TP,
        """
import os
from collections import ChainMap
from flask import request
def view():
    d = ChainMap({"c": request.args["d"]}, {})
    os.system(d["c"])  # <-
""",
    ),
    (
        "deque-appendleft-popleft",
        78,
        TP,
        """
import os
from collections import deque
from flask import request
def view():
    q = deque(["ls"])
    q.appendleft(request.args["d"])
    os.system(q.popleft())  # <-
""",
    ),
    (
        "nested-dict-write",
        78,
        TP,
        """
import os
from flask import request
def view():
    d = {"a": {"b": "ls"}}
    d["a"]["b"] = request.args["d"]
    os.system(d["a"]["b"])  # <-
""",
    ),
    (
        "list-reversed-in-place",
        78,
        TP,
        """
import os
from flask import request
def view():
    parts = [request.args["d"], "ls"]
    parts.reverse()
    os.system(parts[0])  # <-
""",
    ),
    (
        "unknown-method-keeps-argument",
        78,
        TP,
        """
import io, os
from flask import request
def view():
    buf = io.StringIO()
    buf.send_text(request.args["d"])
    os.system(buf.getvalue())  # <-
""",
    ),
    (
        "attribute-list-append",
        78,
        TP,
        """
import os
from flask import request
class Job:
    def __init__(self):
        self.argv = ["ls"]
    def run(self):
        self.argv.append(request.args["d"])
        os.system(" ".join(self.argv))  # <-
""",
    ),
    (
        "writelines-buffer",
        89,
        TP,
        """
import io
from flask import request
def view(conn):
    out = io.StringIO()
    out.writelines(["SELECT * FROM t WHERE n = '", request.args["n"], "'"])
    conn.execute(out.getvalue())  # <-
""",
    ),
]


# ------------------------------------------------ slices and splits of a raw query string
RAW_QUERY_STRINGS: list[tuple[str, int, str, str]] = [
    (
        "query-string-slice",
        78,
        TP,
        """
import os
from flask import request
def view():
    qs = request.query_string.decode()
    os.system("ls " + qs[qs.find("=") + 1:])  # <-
""",
    ),
    (
        "query-string-split",
        78,
        TP,
        """
import os
from flask import request
def view():
    qs = request.query_string.decode()
    os.system("ls " + qs.split("=")[1])  # <-
""",
    ),
    (
        "environ-query-string",
        78,
        TP,
        """
import os
def app(environ, start_response):
    qs = environ["QUERY_STRING"]
    os.system("ls " + qs[5:])  # <-
""",
    ),
    (
        "environ-get-query-string",
        78,
        TP,
        """
import os
def app(environ, start_response):
    qs = environ.get("QUERY_STRING", "")
    name = qs.partition("=")[2]
    os.system("ls " + name)  # <-
""",
    ),
]


# ------------------------------------------------ strings built with one non-constant part
STRING_BUILDING: list[tuple[str, int, str, str]] = [
    (
        "fstring-nonconstant",
        78,
        TP,
        """
import os
def run(name):
    os.system(f"ls {name}")  # <-
""",
    ),
    (
        "percent-nonconstant",
        89,
        TP,
        """
import sqlite3
def run(conn, name):
    conn.execute("SELECT * FROM t WHERE n = '%s'" % name)  # <-
""",
    ),
    (
        "format-nonconstant",
        89,
        TP,
        """
import sqlite3
def run(conn, name):
    conn.execute("SELECT * FROM t WHERE n = '{}'".format(name))  # <-
""",
    ),
    (
        "plus-nonconstant",
        89,
        TP,
        """
import sqlite3
def run(conn, name):
    conn.execute("SELECT * FROM t WHERE n = '" + name + "'")  # <-
""",
    ),
    (
        "format-kw-nonconstant",
        89,
        TP,
        """
import sqlite3
def run(conn, name):
    conn.execute("SELECT * FROM t WHERE n = '{n}'".format(n=name))  # <-
""",
    ),
    (
        "fstring-attr-nonconstant",
        89,
        TP,
        """
import sqlite3
class C:
    def run(self, conn):
        conn.execute(f"SELECT * FROM t WHERE n = '{self.name}'")  # <-
""",
    ),
    (
        "fstring-constant",
        89,
        FP,
        """
import sqlite3
TABLE = "users"
def run(conn):
    conn.execute(f"SELECT * FROM {TABLE}")  # <-
""",
    ),
    (
        "percent-dict-nonconstant",
        89,
        TP,
        """
def run(conn, name):
    conn.execute("SELECT * FROM t WHERE n = '%(n)s'" % {"n": name})  # <-
""",
    ),
    (
        "format-map-nonconstant",
        89,
        TP,
        """
def run(conn, name):
    conn.execute("SELECT * FROM t WHERE n = '{n}'".format_map({"n": name}))  # <-
""",
    ),
    (
        "template-substitute",
        89,
        TP,
        """
from string import Template
def run(conn, name):
    conn.execute(Template("SELECT * FROM t WHERE n = '$n'").substitute(n=name))  # <-
""",
    ),
    (
        "join-nonconstant",
        89,
        TP,
        """
def run(conn, cols):
    conn.execute("SELECT " + ", ".join(cols) + " FROM t")  # <-
""",
    ),
]


# ------------------------------------------------ values out of sight are unknown, never constant
OUT_OF_SIGHT: list[tuple[str, int, str, str]] = [
    (
        "getattr-of-self-with-a-constant-default",
        95,
        TP,
        """
class Host:
    def cpu_info(self):
        info = getattr(self, "cpu_info_text", "{}")
        if not info:
            info = "{}"
        return eval(info)  # <-
""",
    ),
    (
        "getattr-of-an-object-out-of-sight",
        78,
        TP,
        """
import os
def run(job):
    os.system(getattr(job, "command", "true"))  # <-
""",
    ),
    (
        "super-method-returns-submitted-data",
        95,
        TP,
        """
from django import forms
class CapsForm(forms.Form):
    def clean(self):
        data = super(CapsForm, self).clean()
        caps = data.get("caps")
        return eval(caps)  # <-
""",
    ),
    (
        "import-fallback-to-a-module-not-modelled",
        611,
        TP,
        """
try:
    from xml.etree import cElementTree as ElementTree
except ImportError:
    from elementtree import ElementTree
def parse(text):
    return ElementTree.fromstring(text)  # <-
""",
    ),
    (
        "import-fallback-within-the-standard-library",
        611,
        FP,
        """
try:
    from xml.etree import cElementTree as ElementTree
except ImportError:
    from xml.etree import ElementTree
def parse(text):
    return ElementTree.fromstring(text)  # <-
""",
    ),
]


ALL = [*CONTAINERS, *RAW_QUERY_STRINGS, *STRING_BUILDING, *OUT_OF_SIGHT]


@pytest.mark.parametrize(("name", "cwe", "expected", "code"), ALL, ids=[c[0] for c in ALL])
def test_flows(tmp_path: Path, name: str, cwe: int, expected: str, code: str) -> None:
    j = judge(tmp_path, code, cwe)
    assert j.verdict == expected, f"{name}: {j.verdict} ({j.reason}): {j.justification}"
    if j.verdict == FP:
        assert any(e.role in {"constant", "sanitizer", "guard", "safe_variant"} for e in j.evidence)


def test_a_constant_justification_names_every_constant_part(tmp_path: Path) -> None:
    code = """
import sqlite3
TABLE = "users"
def run(conn, flag):
    cols = "a, b" if flag else "c"
    q = f"SELECT {cols} FROM {TABLE}"
    conn.execute(q)  # <-
"""
    j = judge(tmp_path, code, 89)
    assert j.verdict == FP, j.justification
    assert "`q`" in j.justification
    assert "cols is one of the constants 'a, b', 'c'" in j.justification
    assert "TABLE is the constant 'users'" in j.justification


def test_a_buffer_that_may_hold_input_is_never_called_constant(tmp_path: Path) -> None:
    code = """
import io, os
def run(name):
    buf = io.StringIO()
    buf.write("ls ")
    buf.write(name)
    os.system(buf.getvalue())  # <-
"""
    j = judge(tmp_path, code, 78)
    assert j.verdict in {TP, NR}, j.justification
    assert "constant" not in j.justification
