"""A many-files Python workspace for ``bench/triage.py``: one finding location per file.

``generate_many(root, files)`` writes ``files`` modules under ``app/`` (packages of ~40 modules,
plus ``app/common`` helpers), each holding exactly one flagged statement among ordinary code,
and the findings of two tools about them: ``findings/bandit.sarif`` and ``findings/semgrep.sarif``.

What makes it look like a real project rather than the dense generated workspace:
- file sizes spread like a real code base's (most modules small, a few of several hundred lines);
- ordinary code around the finding: classes with methods, helpers calling each other, the same
  method names (``get``, ``save``, ``to_dict``...) defined in many files, as real projects do;
- 18 finding shapes over 13 bandit rules and 4 semgrep rules (SQL, shell, eval, pickle, YAML,
  weak hash, urlopen, argument vectors, request timeouts, randomness, hard-coded passwords, path
  traversal, XSS, SSRF), each in a tainted and in a safe variant;
- some findings sit in a helper whose argument comes from a caller in another module (the
  analyst has to follow the callers), some are guarded by a validator in ``app/common``;
- semgrep reports about one in ten of bandit's findings again (duplicates merged by triage), and
  the path/XSS/SSRF findings only come from semgrep.

Deterministic: the same ``files`` and ``seed`` always give the same workspace.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SINK = "  #<sink>"  # marks the flagged line in a template; removed when written

HEADER = """\
import hashlib
import logging
import os
import pickle
import random
import subprocess
import urllib.request

import requests
import yaml
from flask import Blueprint, abort, make_response, request
from markupsafe import escape
from werkzeug.utils import secure_filename

from app.common import settings
from app.common.validate import check_name

log = logging.getLogger(__name__)
bp = Blueprint("{blueprint}", __name__)
"""

COMMON = {
    "app/__init__.py": '"""The application package."""\n',
    "app/common/__init__.py": '"""Shared helpers."""\n',
    "app/common/settings.py": (
        '"""Settings: values from the environment, fallbacks for local development."""\n\n'
        "import os\n\n"
        'UPLOADS = os.environ.get("APP_UPLOADS", "/srv/app/uploads")\n'
        'ALLOWED_HOSTS = ("api.example.com", "cdn.example.com")\n'
        'STATUS_URL = "https://status.example.com/health"\n'
        "TIMEOUT = 10\n"
        'ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789"\n\n\n'
        "def connect():\n"
        "    import sqlite3\n\n"
        '    return sqlite3.connect(os.environ.get("APP_DB", "app.db"))\n\n\n'
        "def login(user, password):\n"
        '    return {"user": user, "password": password}\n'
    ),
    "app/common/validate.py": (
        '"""Input validation shared by the views."""\n\n'
        "import re\n\n"
        'NAME = re.compile(r"[A-Za-z0-9_]{1,32}")\n\n\n'
        "def check_name(value):\n"
        '    """The value itself when it is a plain identifier; raises ValueError otherwise."""\n'
        "    if not NAME.fullmatch(value):\n"
        '        raise ValueError("bad name")\n'
        "    return value\n"
    ),
}


@dataclass(frozen=True)
class Shape:
    """One kind of finding: the rule that reports it and a tainted and a safe body.

    ``{i}`` numbers the function. ``caller`` (when set) is code that calls the function from
    another module: with ``{src}`` replaced by a request value (tainted) or a constant (safe).
    """

    tool: str  # bandit | semgrep
    rule: str
    cwe: int
    tainted: str
    safe: str
    caller: str = ""


SHAPES: list[Shape] = [
    Shape(
        "bandit",
        "B608",
        89,
        '@bp.route("/q{i}")\ndef q_{i}():\n    conn = settings.connect()\n    name = request.args["name"]\n'
        "    sql = \"SELECT * FROM users WHERE name = '%s'\" % name\n    return conn.execute(sql)" + SINK,
        '@bp.route("/q{i}")\ndef q_{i}():\n    conn = settings.connect()\n    table = "users"\n'
        '    sql = "SELECT * FROM %s WHERE id = 1" % table\n    return conn.execute(sql)' + SINK,
    ),
    Shape(
        "bandit",
        "B602",
        78,
        'def ping_{i}(req):\n    target = req.args["host"]\n    cmd = "ping -c 1 " + target\n'
        "    return subprocess.call(cmd, shell=True)" + SINK,
        'def ping_{i}():\n    cmd = "ls -l /tmp"\n    return subprocess.call(cmd, shell=True)' + SINK,
    ),
    Shape(
        "bandit",
        "B307",
        78,
        '@bp.route("/calc{i}")\ndef calc_{i}():\n    expr = request.args.get("expr", "")\n'
        "    value = expr.strip()\n    return str(eval(value))" + SINK,
        'def calc_{i}():\n    expr = "2 ** 10"\n    return eval(expr)' + SINK,
    ),
    Shape(
        "bandit",
        "B301",
        502,
        '@bp.route("/load{i}", methods=["POST"])\ndef load_{i}():\n    blob = request.get_data()\n'
        "    return pickle.loads(blob)" + SINK,
        'def load_{i}():\n    blob = pickle.dumps({{"a": 1}})\n    return pickle.loads(blob)' + SINK,
    ),
    Shape(
        "bandit",
        "B506",
        20,
        '@bp.route("/cfg{i}", methods=["POST"])\ndef cfg_{i}():\n    text = request.get_data(as_text=True)\n'
        "    return yaml.load(text, Loader=yaml.Loader)" + SINK,
        'def cfg_{i}():\n    text = "retries: 3"\n    return yaml.load(text, Loader=yaml.Loader)' + SINK,
    ),
    Shape(
        "bandit",
        "B324",
        327,
        '@bp.route("/login{i}", methods=["POST"])\ndef login_{i}():\n'
        '    password = request.form["password"]\n'
        "    digest = hashlib.md5(password.encode()).hexdigest()" + SINK + "\n    return digest",
        "def cache_key_{i}(path):\n    digest = hashlib.md5(path.encode(), usedforsecurity=False).hexdigest()"
        + SINK
        + '\n    return "cache/" + digest',
    ),
    Shape(
        "bandit",
        "B310",
        22,
        '@bp.route("/fetch{i}")\ndef fetch_{i}():\n    url = request.args["url"]\n'
        "    return urllib.request.urlopen(url).read()" + SINK,
        "def fetch_{i}():\n    return urllib.request.urlopen(settings.STATUS_URL).read()" + SINK,
    ),
    Shape(
        "bandit",
        "B603",
        78,
        '@bp.route("/clone{i}")\ndef clone_{i}():\n    url = request.args["repo"]\n'
        '    return subprocess.run(["git", "clone", url], check=True)' + SINK,
        'def status_{i}():\n    return subprocess.run(["git", "status", "--short"], check=True)' + SINK,
    ),
    Shape(
        "bandit",
        "B113",
        400,
        '@bp.route("/proxy{i}")\ndef proxy_{i}():\n    return requests.get(settings.STATUS_URL).text' + SINK,
        "def probe_{i}():\n    return requests.get(settings.STATUS_URL, timeout=None).status_code" + SINK,
    ),
    Shape(
        "bandit",
        "B311",
        330,
        'def token_{i}():\n    return "".join(random.choice(settings.ALPHABET) for _ in range(32))' + SINK,
        "def shuffle_{i}(items):\n    order = list(items)\n    random.shuffle(order)"
        + SINK
        + "\n    return order",
    ),
    Shape(
        "bandit",
        "B105",
        259,
        'def connect_{i}():\n    password = "hunter2-{i}"'
        + SINK
        + '\n    return settings.login("svc", password)',
        'def connect_{i}():\n    password = "changeme"'
        + SINK
        + '\n    return settings.login("svc", password)',
    ),
    Shape(
        "bandit",
        "B602",
        78,
        "def convert_{i}(name):\n"
        '    cmd = "convert " + name + " out.png"\n    return subprocess.call(cmd, shell=True)' + SINK,
        "def convert_{i}(name):\n"
        '    cmd = "convert " + name + " out.png"\n    return subprocess.call(cmd, shell=True)' + SINK,
        caller='@bp.route("/convert{i}")\ndef convert_view_{i}():\n    return convert_{i}({src})',
    ),
    Shape(
        "bandit",
        "B608",
        89,
        "def count_{i}(conn, table):\n"
        '    return conn.execute("SELECT COUNT(*) FROM " + table).fetchone()' + SINK,
        "def count_{i}(conn, table):\n"
        '    return conn.execute("SELECT COUNT(*) FROM " + table).fetchone()' + SINK,
        caller='@bp.route("/count{i}")\ndef count_view_{i}():\n'
        "    return count_{i}(settings.connect(), {src})",
    ),
    Shape(
        "bandit",
        "B608",
        89,
        '@bp.route("/user{i}")\ndef user_{i}():\n    name = request.args["user"]\n'
        "    conn = settings.connect()\n"
        '    return conn.execute("SELECT * FROM users WHERE name = \'" + name + "\'")' + SINK,
        '@bp.route("/user{i}")\ndef user_{i}():\n    name = check_name(request.args["user"])\n'
        "    conn = settings.connect()\n"
        '    return conn.execute("SELECT * FROM users WHERE name = \'" + name + "\'")' + SINK,
    ),
    Shape(
        "semgrep",
        "python.path-traversal",
        22,
        '@bp.route("/file{i}")\ndef file_{i}():\n    name = request.args["name"]\n'
        '    path = os.path.join(settings.UPLOADS, name)\n    with open(path, "rb") as fh:'
        + SINK
        + "\n        return fh.read()",
        '@bp.route("/file{i}")\ndef file_{i}():\n    name = secure_filename(request.args["name"])\n'
        '    path = os.path.join(settings.UPLOADS, name)\n    with open(path, "rb") as fh:'
        + SINK
        + "\n        return fh.read()",
    ),
    Shape(
        "semgrep",
        "python.flask.xss",
        79,
        '@bp.route("/hello{i}")\ndef hello_{i}():\n    name = request.args.get("name", "")\n'
        '    return make_response("<p>Hello " + name + "</p>")' + SINK,
        '@bp.route("/hello{i}")\ndef hello_{i}():\n    name = request.args.get("name", "")\n'
        '    return make_response("<p>Hello " + str(escape(name)) + "</p>")' + SINK,
    ),
    Shape(
        "semgrep",
        "python.ssrf",
        918,
        '@bp.route("/get{i}")\ndef get_{i}():\n    url = request.args["url"]\n'
        "    return requests.get(url, timeout=settings.TIMEOUT).text" + SINK,
        '@bp.route("/get{i}")\ndef get_{i}():\n    host = request.args["host"]\n'
        "    if host not in settings.ALLOWED_HOSTS:\n        abort(400)\n"
        '    return requests.get("https://" + host + "/v1/ping", timeout=settings.TIMEOUT).text' + SINK,
    ),
    Shape(
        "semgrep",
        "python.command-injection",
        78,
        'def archive_{i}(req):\n    folder = req.form["folder"]\n'
        '    os.system("tar czf backup.tgz " + folder)' + SINK,
        "def archive_{i}():\n    folder = settings.UPLOADS\n"
        '    os.system("tar czf backup.tgz " + folder)' + SINK,
    ),
]

BANDIT_TEXT = {
    "B608": (
        "hardcoded_sql_expressions",
        "Possible SQL injection vector through string-based query construction.",
    ),
    "B602": (
        "subprocess_popen_with_shell_equals_true",
        "subprocess call with shell=True identified, security issue.",
    ),
    "B307": ("blacklist", "Use of possibly insecure function - consider using safer ast.literal_eval."),
    "B301": (
        "blacklist",
        "Pickle and modules that wrap it can be unsafe when used to deserialize untrusted data.",
    ),
    "B506": ("yaml_load", "Use of unsafe yaml load. Allows instantiation of arbitrary objects."),
    "B324": ("hashlib", "Use of weak MD5 hash for security. Consider usedforsecurity=False"),
    "B310": ("blacklist", "Audit url open for permitted schemes."),
    "B603": (
        "subprocess_without_shell_equals_true",
        "subprocess call - check for execution of untrusted input.",
    ),
    "B113": ("request_without_timeout", "Call to requests without timeout"),
    "B311": (
        "blacklist",
        "Standard pseudo-random generators are not suitable for security/cryptographic purposes.",
    ),
    "B105": ("hardcoded_password_string", "Possible hardcoded password: 'hunter2'"),
}
SEMGREP_AGAIN = {89: "python.sqli", 78: "python.command-injection", 502: "python.insecure-deserialization"}

PACKAGES = ("views", "api", "services", "jobs", "admin", "reports", "billing", "accounts", "search", "media")
NOUNS = (
    "user", "order", "invoice", "item", "report", "session", "token", "page", "comment", "tag",
    "file", "group", "event", "job", "price", "record", "entry", "account", "note", "message",
)  # fmt: skip
VERBS = ("load", "save", "build", "format", "parse", "check", "merge", "render", "collect", "update")
METHODS = ("get", "save", "delete", "to_dict", "validate", "refresh", "items", "count")

# filler units per file: most modules are small, a few are large (a real code base's spread)
SIZE_BUCKETS = ((0.45, 0, 3), (0.30, 4, 12), (0.18, 13, 35), (0.07, 36, 90))


def _filler_function(rng: random.Random, names: list[str]) -> tuple[str, str]:
    noun, verb = rng.choice(NOUNS), rng.choice(VERBS)
    name = f"{verb}_{noun}s"
    other = rng.choice(names) if names else None
    call = f"    out = {other}(out)\n" if other and rng.random() < 0.4 else ""
    body = (
        f"def {name}(items, limit=10):\n"
        f'    """{verb.capitalize()} the {noun}s given, at most ``limit`` of them."""\n'
        "    out = []\n"
        "    for item in items[:limit]:\n"
        "        if item is None:\n"
        "            continue\n"
        f'        out.append(str(item).strip().lower() + "-{noun}")\n'
        f"{call}"
        f'    log.debug("%s: %d", "{name}", len(out))\n'
        "    return out\n"
    )
    return name, body


def _filler_class(rng: random.Random) -> tuple[str, str]:
    noun = rng.choice(NOUNS)
    cls = f"{noun.capitalize()}{rng.choice(('Store', 'Service', 'View', 'Repo', 'Form'))}"
    methods = rng.sample(METHODS, rng.randint(2, 5))
    lines = [
        f"class {cls}:",
        f'    """Keeps {noun}s by key."""',
        "",
        f'    def __init__(self, store, name="{noun}"):',
        "        self.store = store",
        "        self.name = name",
    ]
    for m in methods:
        lines += ["", f"    def {m}(self, key=None, value=None):"]
        if m in ("get", "items", "count"):
            lines += [
                "        if key is None:",
                "            return list(self.store)",
                '        return self.store.get(self.name + ":" + str(key))',
            ]
        elif m == "to_dict":
            lines += ['        return {"name": self.name, "size": len(self.store)}']
        else:
            lines += [
                '        full = self.name + ":" + str(key)',
                "        self.store[full] = value",
                f'        log.info("{m} %s", full)',
                "        return value",
            ]
    return cls, "\n".join(lines) + "\n"


def _sink_line(body: str) -> tuple[str, int]:
    """The body without the marker, and the 1-based line of the marker within it."""
    lines = body.split("\n")
    at = next(n for n, ln in enumerate(lines) if ln.endswith(SINK))
    lines[at] = lines[at][: -len(SINK)]
    return "\n".join(lines), at + 1


@dataclass
class _Module:
    rel: str
    units: list[str]
    callers: list[str] = field(default_factory=list)
    imports: list[str] = field(default_factory=list)


def _result(rule: str, level: str, message: str, where: tuple[str, int, str]) -> dict[str, Any]:
    rel, line, snippet = where
    return {
        "ruleId": rule,
        "level": level,
        "message": {"text": message},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": {"uri": rel},
                    "region": {"startLine": line, "startColumn": 5, "snippet": {"text": snippet}},
                }
            }
        ],
    }


def _sarif(
    tool: str, rules: dict[str, tuple[str, int, str]], results: list[dict[str, Any]]
) -> dict[str, Any]:
    ids = sorted(rules)
    index = {r: n for n, r in enumerate(ids)}
    for res in results:
        res["ruleIndex"] = index[res["ruleId"]]
    driver_rules = [
        {
            "id": r,
            "name": rules[r][0],
            "shortDescription": {"text": rules[r][2]},
            "properties": {"tags": ["security", f"external/cwe/cwe-{rules[r][1]}"]},
        }
        for r in ids
    ]
    return {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {"tool": {"driver": {"name": tool, "version": "1.0", "rules": driver_rules}}, "results": results}
        ],
    }


def generate_many(root: Path, files: int = 1200, *, seed: int = 12, duplicate_every: int = 10) -> list[Path]:
    """Write the workspace; returns the findings files (bandit SARIF, semgrep SARIF)."""
    rng = random.Random(seed)
    per_package = 40
    modules: list[_Module] = []
    for n in range(files):
        pkg = f"{PACKAGES[n // per_package % len(PACKAGES)]}_{n // per_package:02d}"
        r = rng.random()
        acc = 0.0
        lo, hi = 0, 3
        for share, a, b in SIZE_BUCKETS:
            acc += share
            if r <= acc:
                lo, hi = a, b
                break
        units: list[str] = []
        names: list[str] = []
        for _ in range(rng.randint(lo, hi)):
            if rng.random() < 0.3:
                _, text = _filler_class(rng)
            else:
                name, text = _filler_function(rng, names)
                names.append(name)
            units.append(text)
        modules.append(_Module(f"app/{pkg}/m{n:04d}.py", units))

    bandit: list[dict[str, Any]] = []
    semgrep: list[dict[str, Any]] = []
    sinks: list[tuple[int, Shape, int, str]] = []  # (module, shape, line inside the body, body)
    for n, mod in enumerate(modules):
        shape = SHAPES[n % len(SHAPES)]
        tainted = (n // len(SHAPES)) % 2 == 0
        body, line = _sink_line((shape.tainted if tainted else shape.safe).format(i=n))
        at = rng.randint(0, len(mod.units))
        mod.units.insert(at, body + "\n")
        sinks.append((n, shape, line, body))
        if shape.caller:  # called from the next module of the package (or the previous one)
            other = modules[n + 1] if n + 1 < len(modules) else modules[n - 1]
            src = 'request.args["name"]' if tainted else '"report"'
            other.callers.append(shape.caller.format(i=n, src=src))
            module = mod.rel.removesuffix(".py").replace("/", ".")
            name = body.split("def ", 1)[1].split("(", 1)[0]
            other.imports.append(f"from {module} import {name}")

    for rel, text in COMMON.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    packages = sorted({m.rel.rsplit("/", 1)[0] for m in modules})
    for p in packages:
        (root / p).mkdir(parents=True, exist_ok=True)
        (root / p / "__init__.py").write_text("")
    for n, mod in enumerate(modules):
        head = HEADER.format(blueprint=mod.rel.removesuffix(".py").replace("/", "_"))
        if mod.imports:
            head += "\n" + "\n".join(mod.imports) + "\n"
        parts = [head.rstrip("\n"), *[u.rstrip("\n") for u in mod.units], *mod.callers]
        text = "\n\n\n".join(parts) + "\n"
        (root / mod.rel).write_text(text)
        _, shape, inner, body = sinks[n]
        start = text.split("\n").index(body.split("\n")[0]) + 1  # where the function starts
        line = start + inner - 1
        where = (mod.rel, line, text.split("\n")[line - 1].strip())
        if shape.tool == "bandit":
            message = BANDIT_TEXT[shape.rule][1]
            bandit.append(_result(shape.rule, "error", message, where))
            again = SEMGREP_AGAIN.get(shape.cwe)
            if again and duplicate_every and n % duplicate_every == 0:
                semgrep.append(_result(again, "warning", f"{again}: untrusted data reaches a sink", where))
        else:
            text = f"{shape.rule}: untrusted data reaches a sink"
            semgrep.append(_result(shape.rule, "warning", text, where))
    b_rules = {
        s.rule: (BANDIT_TEXT[s.rule][0], s.cwe, BANDIT_TEXT[s.rule][1]) for s in SHAPES if s.tool == "bandit"
    }
    s_rules = {s.rule: (s.rule, s.cwe, s.rule) for s in SHAPES if s.tool == "semgrep"}
    s_rules.update({name: (name, cwe, name) for cwe, name in SEMGREP_AGAIN.items()})
    (root / "findings").mkdir(parents=True, exist_ok=True)
    out = [root / "findings" / "bandit.sarif", root / "findings" / "semgrep.sarif"]
    out[0].write_text(json.dumps(_sarif("Bandit", b_rules, bandit)))
    out[1].write_text(json.dumps(_sarif("Semgrep OSS", s_rules, semgrep)))
    return out
