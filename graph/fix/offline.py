"""Principled offline rewrites for common rules. Each is only a *proposal*: the loop verifies it
like any other patch (parse, re-scan, tests, scope).

``candidates(finding, text) -> list[Rewrite] | NotFixable`` — rewrites in order of preference
(the loop tries the next one as its "different approach"), or why the rule is not auto-fixable.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from typing import TYPE_CHECKING

from .offline_c import _c_rule
from .offline_src import (
    NotFixable,
    Result,
    Rewrite,
    _args,
    _call_with_args,
    _callee,
    _kw_texts,
    _qualified,
    _Src,
)
from .offline_strings import _SHELL_META, _argv, _Piece, _pieces, _py_str
from .patch import Edit, line_edit
from .semantic import value_position

if TYPE_CHECKING:
    from sastls.analyzers.findings.model import Finding
    from tree_sitter import Node

__all__ = ["NotFixable", "Rewrite", "candidates"]

_NON_SECURITY = re.compile(r"cache|etag|checksum|dedup|shard|bucket|partition|content_id|file_id", re.I)
_SQLITE = re.compile(r"^\s*(import sqlite3|from sqlite3 import)", re.M)


def _single_assignment(src: _Src, name_node: Node, before_line: int) -> Node | None:
    """The RHS of the one assignment to the variable ``name_node`` in its function, used only here."""
    name = src.t(name_node)
    fn = src.function_of(name_node)
    uses = len(re.findall(rf"\b{re.escape(name)}\b", src.t(fn)))
    found: list[Node] = []
    stack = [fn]
    while stack:
        node = stack.pop()
        if node.type == "assignment":
            left = node.child_by_field_name("left")
            if left is not None and left.type == "identifier" and src.t(left) == name:
                found.append(node)
        stack.extend(node.children)
    if len(found) != 1 or uses != 2 or found[0].start_point[0] + 1 > before_line:
        return None
    return found[0].child_by_field_name("right")


# ------------------------------------------------------------------ python rewrites


def _shell(src: _Src, finding: Finding) -> Result:
    out: list[Rewrite] = []
    for call in src.calls_at(finding.line):
        q = _qualified(src, call)
        pos, kw = _args(src, call)
        if not pos:
            continue
        is_system = q in ("os.system", "os.popen", "subprocess.getoutput", "subprocess.getstatusoutput")
        shell_kw = kw.get("shell")
        if not is_system and (shell_kw is None or not src.t(shell_kw).replace(" ", "").endswith("=True")):
            continue
        cmd = pos[0]
        edits: list[Edit] = []
        target = cmd
        if cmd.type == "identifier":
            rhs = _single_assignment(src, cmd, call.start_point[0] + 1)
            if rhs is None:
                return NotFixable(
                    f"the command {src.t(cmd)!r} is built elsewhere or reused: "
                    "rewrite to an argument list by hand"
                )
            target = rhs
        if target.type in ("list", "tuple"):
            argv: str | None = src.t(target)
        elif target.type == "string" and all(c.type != "interpolation" for c in target.named_children):
            pieces = _pieces(src, target)
            if pieces is None:
                argv = None
            else:
                value = "".join(p.text for p in pieces)
                argv = None
                if not _SHELL_META.search(value):
                    argv = "[" + ", ".join(map(_py_str, shlex.split(value))) + "]"
        else:
            pieces = _pieces(src, target)
            argv = _argv(pieces) if pieces else None
        if argv is None:
            return NotFixable(
                "the command uses shell features (pipes, redirections, quoting, globbing) or is not a "
                "string built from parts: not auto-fixable"
            )
        if target is not cmd:
            edits.append(src.replace(target, argv))
            argv = src.t(cmd)
        rest = [src.t(p) for p in pos[1:]]
        if q == "os.system":
            new_call = _call_with_args(src, call, [argv], ["check=False"], "subprocess.run")
            if call.parent is None or call.parent.type != "expression_statement":
                new_call += ".returncode"  # its status is used (an exit code; os.system gave a wait status)
        elif q == "subprocess.getoutput":  # same output: stderr merged, trailing newline dropped
            opts = ["stdout=subprocess.PIPE", "stderr=subprocess.STDOUT", "text=True", "check=False"]
            new_call = (
                _call_with_args(src, call, [argv], opts, "subprocess.run") + '.stdout.removesuffix("\\n")'
            )
        elif q == "subprocess.getstatusoutput":
            return NotFixable("getstatusoutput returns a pair: rewrite to subprocess.run by hand")
        elif q == "os.popen":
            parent = call.parent
            if parent is None or parent.type != "attribute" or not src.t(parent).endswith(".read"):
                return NotFixable("os.popen used as a file object: rewrite to subprocess by hand")
            grand = parent.parent
            if grand is None or grand.type != "call":
                return NotFixable("os.popen used as a file object: rewrite to subprocess by hand")
            edits.append(
                src.replace(
                    grand, f"subprocess.run({argv}, stdout=subprocess.PIPE, text=True, check=False).stdout"
                )
            )
            imp = src.add_import("import subprocess")
            return [
                Rewrite(
                    "os.popen(command) -> subprocess.run(argument list)",
                    tuple(edits + ([imp] if imp else [])),
                )
            ]
        else:
            new_call = _call_with_args(src, call, [argv, *rest], _kw_texts(src, kw, ("shell",)))
        edits.append(src.replace(call, new_call))
        if q in ("os.system", "subprocess.getoutput"):
            imp = src.add_import("import subprocess")
            if imp:
                edits.append(imp)
        out.append(Rewrite("shell command string -> argument list without a shell", tuple(edits)))
        return out
    return NotFixable("no shell call found at the finding's line")


def _simple_call(
    pred: Callable[[str], bool], make: Callable[[_Src, Node, str], Rewrite | NotFixable | None]
) -> Callable[[_Src, Finding], Result]:
    def rule(src: _Src, finding: Finding) -> Result:
        for call in src.calls_at(finding.line):
            q = _qualified(src, call)
            if pred(q):
                done = make(src, call, q)
                if isinstance(done, NotFixable):
                    return done
                if done is not None:
                    return [done]
        return NotFixable("the call this rule is about was not found at the finding's line")

    return rule


def _yaml(src: _Src, call: Node, q: str) -> Rewrite | None:
    pos, _kw = _args(src, call)
    if not pos:
        return None
    callee = (
        _callee(src, call).rsplit(".", 1)[0] + ".safe_load" if "." in _callee(src, call) else "yaml.safe_load"
    )
    edits = [src.replace(call, f"{callee}({src.t(pos[0])})")]
    if "." not in _callee(src, call):
        imp = src.add_import("import yaml")
        if imp:
            edits.append(imp)
    return Rewrite("yaml.load -> yaml.safe_load (no arbitrary Python objects)", tuple(edits))


def _hash_rule(src: _Src, finding: Finding) -> Result:
    for call in src.calls_at(finding.line):
        q = _qualified(src, call)
        pos, kw = _args(src, call)
        weak = q in ("hashlib.md5", "hashlib.sha1", "hashlib.md4")
        if q == "hashlib.new" and pos and src.t(pos[0]).strip("'\"").lower() in ("md5", "sha1", "md4"):
            weak = True
            pos = pos[1:]
        if not weak:
            continue
        if _password_context(src, call):
            return _password_kdf(src, call, pos)
        strong = src.replace(
            call,
            _call_with_args(
                src, call, [src.t(p) for p in pos], _kw_texts(src, kw, ("usedforsecurity",)), "hashlib.sha256"
            ),
        )
        sha = Rewrite("weak hash -> SHA-256 (the digest changes)", (strong,))
        fn = src.function_of(call)
        fn_name = fn.child_by_field_name("name")
        stmt_line = src.lines[call.start_point[0]].decode("utf-8", "replace")
        context = (src.t(fn_name) if fn_name is not None else "") + " " + stmt_line.split("=")[0]
        if _NON_SECURITY.search(context):
            orig_pos, _ = _args(src, call)
            relaxed = src.replace(
                call,
                _call_with_args(
                    src,
                    call,
                    [src.t(p) for p in orig_pos],
                    [*_kw_texts(src, kw, ("usedforsecurity",)), "usedforsecurity=False"],
                ),
            )
            return [
                Rewrite("hash not used for security: usedforsecurity=False (output unchanged)", (relaxed,)),
                sha,
            ]
        return [sha]
    return NotFixable("no hashlib MD5/SHA-1 call at the finding's line (other libraries: by hand)")


def _password_context(src: _Src, call: Node) -> bool:
    """The hash is of a password (names of the function, its parameters, the data, the target)."""
    from .semantic import knowledge

    fn = src.function_of(call)
    words = [src.t(n) for n in _identifiers(call)]
    words += [src.t(n) for n in _strings(call)]  # request.form["password"]
    if fn.type == "function_definition":
        name, params = fn.child_by_field_name("name"), fn.child_by_field_name("parameters")
        words += [src.t(name)] if name is not None else []
        words += [src.t(n) for n in _identifiers(params)] if params is not None else []
    stmt = src.lines[call.start_point[0]].decode("utf-8", "replace")
    if "=" in stmt.split("(")[0]:
        words.append(stmt.split("=")[0])
    return any(knowledge().password_context.search(w) for w in words)


def _strings(node: Node) -> list[Node]:
    out, stack = [], [node]
    while stack:
        n = stack.pop()
        if n.type == "string_content":
            out.append(n)
        stack.extend(n.children)
    return out


def _identifiers(node: Node) -> list[Node]:
    out, stack = [], [node]
    while stack:
        n = stack.pop()
        if n.type == "identifier":
            out.append(n)
        stack.extend(n.children)
    return out


def _password_kdf(src: _Src, call: Node, pos: list[Node]) -> Result:
    """``hashlib.md5(pw).hexdigest()`` -> a random salt and PBKDF2-HMAC-SHA256, ``salt$hash``."""
    hand = (
        "a password hash needs a salted key-derivation function (hashlib.scrypt or pbkdf2_hmac, bcrypt, "
        "argon2) and a migration of the stored hashes: "
    )
    method = call.parent
    outer = method.parent if method is not None else None
    if len(pos) != 1 or method is None or method.type != "attribute" or outer is None or outer.type != "call":
        return NotFixable(hand + "the hash object is used across statements here; rewrite by hand")
    kind = src.t(method).rsplit(".", 1)[-1]
    if kind not in ("hexdigest", "digest") or _args(src, outer) != ([], {}):
        return NotFixable(hand + f"the digest is read with .{kind}(); rewrite by hand")
    stmt: Node | None = outer
    while stmt is not None and (stmt.parent is None or stmt.parent.type != "block"):
        stmt = stmt.parent
    fn = src.function_of(call)
    if stmt is None or fn.type != "function_definition" or stmt.start_point[0] == fn.start_point[0]:
        return NotFixable(hand + "no statement of its own to add the salt before; rewrite by hand")
    derived = f'hashlib.pbkdf2_hmac("sha256", {src.t(pos[0])}, _salt, 600_000)'
    value = f'_salt.hex() + "$" + {derived}.hex()' if kind == "hexdigest" else f"_salt + {derived}"
    line = stmt.start_point[0] + 1
    edits: list[Edit] = [
        line_edit(src.path, src.text, line, line - 1, f"{src.indent(stmt)}_salt = os.urandom(16)\n"),
        src.replace(outer, value),
    ]
    imp = src.add_import("import os")
    if imp:
        edits.append(imp)
    return [
        Rewrite(
            "password hash -> PBKDF2-HMAC-SHA256 with a random salt, stored as salt$hash "
            "(600,000 iterations); existing stored hashes need a migration",
            tuple(edits),
        )
    ]


_SECRETS = {"choice": "secrets.choice", "getrandbits": "secrets.randbits"}


def _random(src: _Src, call: Node, q: str) -> Rewrite | None:
    method = q.rsplit(".", maxsplit=1)[-1]
    pos, kw = _args(src, call)
    callee = _SECRETS.get(method, f"secrets.SystemRandom().{method}")
    if method == "seed":
        return None
    if method in ("Random", "SystemRandom"):  # a seeded generator: the seed is what makes it guessable
        callee, pos, kw = "secrets.SystemRandom", [], {}
    edits = [
        src.replace(call, _call_with_args(src, call, [src.t(p) for p in pos], _kw_texts(src, kw), callee))
    ]
    imp = src.add_import("import secrets")
    if imp:
        edits.append(imp)
    return Rewrite(f"random.{method} -> {callee} (a CSPRNG)", tuple(edits))


def _kw_flip(name: str, old: str, new: str, what: str) -> Callable[[_Src, Node, str], Rewrite | None]:
    def make(src: _Src, call: Node, q: str) -> Rewrite | None:
        _pos, kw = _args(src, call)
        node = kw.get(name)
        if node is None or src.t(node).replace(" ", "") != f"{name}={old}":
            return None
        return Rewrite(what, (src.replace(node, f"{name}={new}"),))

    return make


def _mktemp(src: _Src, call: Node, q: str) -> Rewrite | NotFixable | None:
    parent = call.parent
    if (
        parent is None
        or parent.type != "assignment"
        or parent.parent is None
        or parent.parent.type != "expression_statement"
    ):
        return NotFixable("mktemp's result is not assigned to a name: switch to mkstemp by hand")
    left = parent.child_by_field_name("left")
    if left is None or left.type != "identifier":
        return None
    pos, kw = _args(src, call)
    callee = _callee(src, call).replace("mktemp", "mkstemp")
    stmt = parent.parent
    indent = src.indent(stmt)
    made = _call_with_args(src, call, [src.t(p) for p in pos], _kw_texts(src, kw), callee)
    new = f"_fd, {src.t(left)} = {made}\n{indent}os.close(_fd)"
    edits = [src.replace(stmt, new)]
    imp = src.add_import("import os")
    if imp:
        edits.append(imp)
    return Rewrite("tempfile.mktemp -> mkstemp (created atomically, mode 0600)", tuple(edits))


_XML = {
    "xml.etree.ElementTree": "defusedxml.ElementTree",
    "xml.etree.cElementTree": "defusedxml.cElementTree",
    "xml.sax": "defusedxml.sax",
    "xml.dom.minidom": "defusedxml.minidom",
    "xml.dom.pulldom": "defusedxml.pulldom",
    "xml.dom.expatbuilder": "defusedxml.expatbuilder",
    "xml.sax.expatreader": "defusedxml.expatreader",
}


def _xml(src: _Src, call: Node, q: str) -> Rewrite | NotFixable | None:
    if q.startswith("lxml."):
        return NotFixable("bandit flags every lxml parse call: use defusedxml or a hardened parser by hand")
    module, _, func = q.rpartition(".")
    if module not in _XML:
        return None
    pos, kw = _args(src, call)
    edits = [
        src.replace(
            call,
            _call_with_args(src, call, [src.t(p) for p in pos], _kw_texts(src, kw), f"{_XML[module]}.{func}"),
        )
    ]
    imp = src.add_import(f"import {_XML[module]}")
    if imp:
        edits.append(imp)
    return Rewrite(
        f"{module}.{func} -> {_XML[module]}.{func} (no entity expansion, no external entities)", tuple(edits)
    )


def _eval(src: _Src, call: Node, q: str) -> Rewrite | NotFixable | None:
    pos, kw = _args(src, call)
    if len(pos) != 1 or kw:
        return NotFixable(
            "eval with a namespace evaluates expressions, not literals: ast.literal_eval would change "
            "what it computes; parse the expression with an allow-list by hand"
        )
    fn = src.function_of(call)
    scope = src.t(fn)
    if "literal_eval" in scope:
        return NotFixable(
            "this code already uses ast.literal_eval elsewhere: its eval is meant for expressions, which "
            "literal_eval would refuse; parse them with an allow-list by hand"
        )
    expression = _expression_evidence(scope)
    if expression:
        return NotFixable(
            f"this code evaluates expressions ({expression}), which ast.literal_eval would refuse: "
            "parse them with an allow-list (e.g. an ast walk over numbers and operators) by hand"
        )
    edits = [src.replace(call, f"ast.literal_eval({src.t(pos[0])})")]
    imp = src.add_import("import ast")
    if imp:
        edits.append(imp)
    return Rewrite("eval -> ast.literal_eval (literals only, no code)", tuple(edits))


_EXPRESSION_NAMES = re.compile(r"(?i)\b\w*(expr|expression|formula|calc|arith|equation)\w*\b")


def _expression_evidence(scope: str) -> str:
    """Why the code around an eval expects expressions, not literals ("" when nothing says so): a
    name that says so, or a string in it that is an expression and not a literal (a default "1+1")."""
    import ast

    m = _EXPRESSION_NAMES.search(scope)
    if m:
        return f"the name {m.group(0)!r}"
    for lit in re.findall(r"""["']([^"'\n]{1,80})["']""", scope):
        try:
            ast.literal_eval(lit)
            continue
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            pass
        try:
            tree = ast.parse(lit, mode="eval")
        except SyntaxError:
            continue
        if isinstance(tree.body, ast.BinOp | ast.UnaryOp | ast.BoolOp | ast.Compare | ast.Call):
            return f"the string {lit!r} it holds"
    return ""


def _timeout(src: _Src, call: Node, q: str) -> Rewrite | None:
    pos, kw = _args(src, call)
    if "timeout" in kw:
        return None
    return Rewrite(
        "requests call without timeout -> timeout=30",
        (
            src.replace(
                call, _call_with_args(src, call, [src.t(p) for p in pos], [*_kw_texts(src, kw), "timeout=30"])
            ),
        ),
    )


def _sql(src: _Src, finding: Finding) -> Result:
    placeholder = "?" if _SQLITE.search(src.text) else "%s"
    line = finding.line
    stack = [src.tree.root_node]
    built: list[Node] = []
    while stack:
        node = stack.pop()
        if node.start_point[0] + 1 > line or node.end_point[0] + 1 < line:
            continue
        if (
            node.type in ("binary_operator", "string", "call", "concatenated_string")
            and node.start_point[0] + 1 == line
        ):
            got = _pieces(src, node)
            if got and any(not x.literal for x in got):
                built.append(node)
        stack.extend(node.children)
    built.sort(key=lambda n: n.start_byte - n.end_byte)  # outermost first
    for expr in built:
        pieces = _pieces(src, expr)
        if pieces is None:
            continue
        query, params = "", []
        for i, p in enumerate(pieces):
            if p.literal:
                query += p.text.replace("%", "%%") if placeholder == "%s" else p.text
                continue
            nxt = pieces[i + 1].text if i + 1 < len(pieces) and pieces[i + 1].literal else ""
            if query.endswith(("'", '"')) and nxt[:1] == query[-1]:
                query = query[:-1]
                pieces[i + 1] = _Piece(True, nxt[1:])
            if not value_position(query):
                return NotFixable(
                    f"{p.text} goes into the SQL where a bound parameter cannot stand (a table or column "
                    "name, a clause, or part of a quoted string): check it against an allow-list by hand"
                )
            query += placeholder
            params.append(p.text)
        new_query = _py_str(query)
        params_text = f"({', '.join(params)},)"
        parent = expr.parent
        if parent is not None and parent.type == "argument_list" and parent.parent is not None:
            call = parent.parent
            pos, kw = _args(src, call)
            if len(pos) != 1 or not _callee(src, call).endswith(("execute", "executemany")):
                continue
            new = _call_with_args(src, call, [new_query, params_text], _kw_texts(src, kw))
            return [
                Rewrite("string-built SQL -> placeholders with bound parameters", (src.replace(call, new),))
            ]
        if parent is not None and parent.type == "assignment":
            left = parent.child_by_field_name("left")
            if left is None or left.type != "identifier":
                continue
            name = src.t(left)
            fn = src.function_of(expr)
            users = [
                c
                for c in _all_calls(fn)
                if _callee(src, c).endswith(("execute", "executemany"))
                and [src.t(a) for a in _args(src, c)[0]] == [name]
            ]
            if len(users) != 1 or len(re.findall(rf"\b{re.escape(name)}\b", src.t(fn))) != 2:
                return NotFixable(
                    f"the query {name!r} is reused or not passed to execute(): use placeholders by hand"
                )
            call = users[0]
            _pos, kw = _args(src, call)
            return [
                Rewrite(
                    "string-built SQL -> placeholders with bound parameters",
                    (
                        src.replace(expr, new_query),
                        src.replace(
                            call, _call_with_args(src, call, [name, params_text], _kw_texts(src, kw))
                        ),
                    ),
                )
            ]
    return NotFixable(
        "the SQL string is not built from plain literals and values at this line: use placeholders by hand"
    )


def _all_calls(node: Node) -> list[Node]:
    out, stack = [], [node]
    while stack:
        n = stack.pop()
        if n.type == "call":
            out.append(n)
        stack.extend(n.children)
    return sorted(out, key=lambda n: n.start_byte)


# ------------------------------------------------------------------ dispatch

_BANDIT: dict[str, Callable[[_Src, Finding], Result]] = {
    **dict.fromkeys(("B602", "B604", "B605"), _shell),
    "B506": _simple_call(lambda q: q.endswith("yaml.load") or q == "load", _yaml),
    "B324": _hash_rule,
    "B303": _hash_rule,
    "B311": _simple_call(lambda q: q.startswith("random."), _random),
    "B501": _simple_call(
        lambda q: True,
        _kw_flip("verify", "False", "True", "verify=False -> verify=True (TLS certificates checked)"),
    ),
    "B306": _simple_call(lambda q: q.endswith("mktemp"), _mktemp),
    "B608": _sql,
    "B201": _simple_call(
        lambda q: q.endswith(".run"),
        _kw_flip("debug", "True", "False", "Flask debug=True -> debug=False (no debugger console)"),
    ),
    **dict.fromkeys(
        ("B313", "B314", "B315", "B316", "B317", "B318", "B319", "B320"),
        _simple_call(lambda q: q.startswith(("xml.", "lxml.")), _xml),
    ),
    "B307": _simple_call(lambda q: q == "eval", _eval),
    "B113": _simple_call(lambda q: q.startswith("requests."), _timeout),
}


def candidates(finding: Finding, text: str) -> Result:
    """The offline rewrites for ``finding`` in ``text`` (its file), best first, or why there are none."""
    from sastls.analyzers.code.languages import language_for

    lang = language_for(finding.path, text.encode("utf-8", "surrogateescape"))
    try:
        if lang == "python" and finding.rule_id in _BANDIT:
            found = _BANDIT[finding.rule_id](_Src(finding.path, text, "python"), finding)
            if isinstance(found, NotFixable):
                return found
            return [_drop_unused_imports(finding.path, text, r) for r in found]
        if lang in ("c", "cpp"):
            return _c_rule(_Src(finding.path, text, lang), finding)
    except (ValueError, IndexError, UnicodeError) as exc:  # a rewrite that cannot build its edits
        return NotFixable(f"the offline rewrite failed: {exc}")
    if finding.rule_id == "B603":
        return NotFixable(
            "B603 (subprocess without a shell) has no mechanical fix: validate the arguments by hand"
        )
    return NotFixable(f"no offline rewrite for {finding.tool} {finding.rule_id}")


_SINGLE_IMPORT = re.compile(r"\s*(import\s+[\w.]+|from\s+[\w.]+\s+import\s+\w+)(\s+as\s+\w+)?\s*")


def _drop_unused_imports(path: str, text: str, rewrite: Rewrite) -> Rewrite:
    """The rewrite, also deleting the import lines it leaves unused (``import os`` after ``os.system``
    became ``subprocess.run``); an import line that names several things is left for the checks."""
    from .names import new_unused_imports
    from .patch import PatchError, apply_edits, replaced_span
    from .verify import line_map

    try:
        after = apply_edits(text, rewrite.edits)
    except PatchError:
        return rewrite
    unused = new_unused_imports(path, text, after)
    if not unused:
        return rewrite
    before_lines, after_lines = text.splitlines(), after.splitlines()
    back = line_map(text, after)[1]
    touched = {n for e in rewrite.edits for n in range(replaced_span(e)[0], replaced_span(e)[1] + 1)}
    drops = []
    for problem in unused:
        n = back.get(problem.line, 0)
        if not 1 <= n <= len(before_lines) or n in touched:
            continue
        line = before_lines[n - 1]
        if line == after_lines[problem.line - 1] and _SINGLE_IMPORT.fullmatch(line):
            drops.append(line_edit(path, text, n, n, ""))
            touched.add(n)
    if not drops:
        return rewrite
    return Rewrite(rewrite.description, (*rewrite.edits, *drops))
