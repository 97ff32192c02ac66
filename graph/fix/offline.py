"""Principled offline rewrites for common rules. Each is only a *proposal*: the loop verifies it
like any other patch (parse, re-scan, tests, scope).

``candidates(finding, text) -> list[Rewrite] | NotFixable`` — rewrites in order of preference
(the loop tries the next one as its "different approach"), or why the rule is not auto-fixable.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .patch import Edit, line_edit

if TYPE_CHECKING:
    from sastls.analyzers.findings.model import Finding
    from tree_sitter import Node


@dataclass(frozen=True)
class Rewrite:
    description: str
    edits: tuple[Edit, ...]


@dataclass(frozen=True)
class NotFixable:
    reason: str


Result = list[Rewrite] | NotFixable
_SHELL_META = re.compile(r"[|&;<>$`*?(){}\[\]~!\\\"']")
_NON_SECURITY = re.compile(r"cache|etag|checksum|dedup|shard|bucket|partition|content_id|file_id", re.I)
_SQLITE = re.compile(r"^\s*(import sqlite3|from sqlite3 import)", re.M)


class _Src:
    """A parsed file with position helpers (tree-sitter byte columns -> character columns)."""

    def __init__(self, path: str, text: str, lang: str) -> None:
        from sastls.analyzers.code.languages import parse

        self.path, self.text, self.lang = path, text, lang
        self.data = text.encode("utf-8", "surrogateescape")
        self.lines = self.data.split(b"\n")
        self.tree = parse(self.data, lang)  # type: ignore[arg-type]

    def t(self, node: Node) -> str:
        return self.data[node.start_byte : node.end_byte].decode("utf-8", "surrogateescape")

    def _col(self, row: int, byte_col: int) -> int:
        return len(self.lines[row][:byte_col].decode("utf-8", "surrogateescape")) + 1

    def replace(self, node: Node, new: str) -> Edit:
        (r1, c1), (r2, c2) = node.start_point, node.end_point
        return Edit(self.path, r1 + 1, self._col(r1, c1), r2 + 1, self._col(r2, c2), new)

    def calls_at(self, line: int) -> list[Node]:
        kind = "call" if self.lang == "python" else "call_expression"
        out: list[Node] = []
        stack = [self.tree.root_node]
        while stack:
            node = stack.pop()
            if node.start_point[0] + 1 > line or node.end_point[0] + 1 < line:
                continue
            if node.type == kind:
                out.append(node)
            stack.extend(node.children)
        out.sort(key=lambda n: n.end_byte - n.start_byte)  # innermost first
        return out

    def indent(self, node: Node) -> str:
        line = self.lines[node.start_point[0]].decode("utf-8", "surrogateescape")
        return line[: len(line) - len(line.lstrip())]

    def function_of(self, node: Node) -> Node:
        kinds = {"function_definition"}
        cur: Node | None = node
        while cur is not None and cur.type not in kinds:
            cur = cur.parent
        return cur if cur is not None else self.tree.root_node

    def add_import(self, statement: str) -> Edit | None:
        """Insert ``statement`` after the last top-level import (None when it is already there)."""
        if re.search(rf"^{re.escape(statement)}\s*$", self.text, re.M):
            return None
        last = 0
        first_code = 0
        for child in self.tree.root_node.children:
            if child.type in (
                "import_statement",
                "import_from_statement",
                "preproc_include",
                "future_import_statement",
            ):
                last = child.end_point[0] + (
                    1 if child.end_point[1] > 0 else 0
                )  # #include ends past its newline
            elif (
                not first_code
                and child.type not in ("comment",)
                and not (
                    child.type == "expression_statement"
                    and child.children
                    and child.children[0].type == "string"
                )
            ):
                first_code = child.start_point[0] + 1
        at = last + 1 if last else (first_code or 1)
        return line_edit(self.path, self.text, at, at - 1, statement + "\n")


# ------------------------------------------------------------------ python helpers


def _args(src: _Src, call: Node) -> tuple[list[Node], dict[str, Node]]:
    arglist = call.child_by_field_name("arguments")
    pos: list[Node] = []
    kw: dict[str, Node] = {}
    if arglist is None:
        return pos, kw
    for a in arglist.named_children:
        if a.type == "keyword_argument":
            name = a.child_by_field_name("name")
            if name is not None:
                kw[src.t(name)] = a
        elif a.type != "comment":
            pos.append(a)
    return pos, kw


def _callee(src: _Src, call: Node) -> str:
    fn = call.child_by_field_name("function")
    return src.t(fn) if fn is not None else ""


def _aliases(text: str) -> dict[str, str]:
    """Local name -> qualified name, from top-level Python imports."""
    out: dict[str, str] = {}
    for m in re.finditer(r"^import\s+([\w.]+)(?:\s+as\s+(\w+))?\s*$", text, re.M):
        out[m.group(2) or m.group(1).split(".")[0]] = m.group(1) if m.group(2) else m.group(1).split(".")[0]
    for m in re.finditer(r"^from\s+([\w.]+)\s+import\s+\(?([^)\n]+)\)?", text, re.M):
        for part in m.group(2).split(","):
            bits = part.split()
            if bits:
                out[bits[-1] if len(bits) == 3 else bits[0]] = f"{m.group(1)}.{bits[0]}"
    return out


def _qualified(src: _Src, call: Node) -> str:
    name = _callee(src, call)
    head, _, rest = name.partition(".")
    full = _aliases(src.text).get(head, head)
    return f"{full}.{rest}" if rest else full


def _call_with_args(
    src: _Src, call: Node, pos: Sequence[str], kw: Sequence[str], callee: str | None = None
) -> str:
    return f"{callee if callee is not None else _callee(src, call)}({', '.join([*pos, *kw])})"


def _kw_texts(src: _Src, kw: dict[str, Node], drop: Sequence[str] = ()) -> list[str]:
    return [src.t(n) for k, n in kw.items() if k not in drop]


@dataclass(frozen=True)
class _Piece:
    literal: bool
    text: str  # literal: the string's value; else: the expression's source
    is_str: bool = False  # an expression known to be a str (an operand of str + str)


def _pieces(src: _Src, node: Node) -> list[_Piece] | None:
    """A string-building expression as literal and expression pieces (None: not understood)."""
    if node.type == "parenthesized_expression" and node.named_children:
        return _pieces(src, node.named_children[0])
    if node.type == "string":
        out: list[_Piece] = []
        prefix = src.t(node)[:2].lower()
        if "b" in prefix.split('"')[0].split("'")[0]:
            return None
        for ch in node.named_children:
            if ch.type == "string_content":
                raw = src.t(ch)
                try:
                    value = raw.encode().decode("unicode_escape") if "\\" in raw else raw
                except UnicodeDecodeError:
                    return None
                out.append(_Piece(True, value))
            elif ch.type == "interpolation":
                expr = ch.child_by_field_name("expression")
                if expr is None or any(
                    c.type in ("format_specifier", "type_conversion") for c in ch.named_children
                ):
                    return None
                out.append(_Piece(False, src.t(expr)))
            elif ch.type == "escape_sequence":
                try:
                    out.append(_Piece(True, src.t(ch).encode().decode("unicode_escape")))
                except UnicodeDecodeError:
                    return None
        return out
    if node.type == "concatenated_string":
        acc: list[_Piece] = []
        for ch in node.named_children:
            part = _pieces(src, ch)
            if part is None:
                return None
            acc += part
        return acc
    if node.type == "binary_operator":
        op = node.child_by_field_name("operator")
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        if op is None or left is None or right is None:
            return None
        if src.t(op) == "+":
            a = _pieces(src, left)
            b = (
                _pieces(src, right)
                if right.type in ("string", "binary_operator", "concatenated_string")
                else [_Piece(False, src.t(right), is_str=True)]
            )
            if a is None and left.type not in ("string", "binary_operator"):
                a = [_Piece(False, src.t(left), is_str=True)]
            return None if a is None or b is None else a + b
        if src.t(op) == "%" and left.type == "string":
            fmt = _pieces(src, left)
            if fmt is None or any(not p.literal for p in fmt):
                return None
            values = [src.t(c) for c in right.named_children] if right.type == "tuple" else [src.t(right)]
            return _percent(("".join(p.text for p in fmt)), values)
        return None
    if node.type == "call":
        fn = node.child_by_field_name("function")
        if fn is not None and fn.type == "attribute" and src.t(fn).endswith(".format"):
            obj = fn.child_by_field_name("object")
            pos, kw = _args(src, node)
            if obj is None or obj.type != "string" or kw:
                return None
            fmt = _pieces(src, obj)
            if fmt is None or any(not p.literal for p in fmt):
                return None
            return _braces("".join(p.text for p in fmt), [src.t(a) for a in pos])
    return None


def _percent(fmt: str, values: list[str]) -> list[_Piece] | None:
    out: list[_Piece] = []
    parts = re.split(r"(%%|%[sdifr])", fmt)
    it = iter(values)
    for part in parts:
        if part == "%%":
            out.append(_Piece(True, "%"))
        elif re.fullmatch(r"%[sdifr]", part):
            value = next(it, None)
            if value is None:
                return None
            out.append(_Piece(False, value))
        elif part:
            if "%" in part:
                return None
            out.append(_Piece(True, part))
    return None if next(it, None) is not None else out


def _braces(fmt: str, values: list[str]) -> list[_Piece] | None:
    out: list[_Piece] = []
    it = iter(values)
    for part in re.split(r"(\{\{|\}\}|\{\})", fmt):
        if part in ("{{", "}}"):
            out.append(_Piece(True, part[0]))
        elif part == "{}":
            value = next(it, None)
            if value is None:
                return None
            out.append(_Piece(False, value))
        elif part:
            if "{" in part or "}" in part:
                return None
            out.append(_Piece(True, part))
    return None if next(it, None) is not None else out


def _py_str(value: str) -> str:
    return (
        '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'
    )


def _argv(pieces: list[_Piece]) -> str | None:
    """A command string's pieces as a Python list expression of arguments (None: needs a shell)."""
    tokens: list[list[_Piece]] = [[]]
    for p in pieces:
        if not p.literal:
            tokens[-1].append(p)
            continue
        if _SHELL_META.search(p.text):
            return None
        words = re.split(r"(\s+)", p.text)
        for w in words:
            if not w:
                continue
            if w.isspace():
                if tokens[-1]:
                    tokens.append([])
            else:
                tokens[-1].append(_Piece(True, w))
    items = []
    for tok in tokens:
        if not tok:
            continue
        if len(tok) == 1:
            p = tok[0]
            items.append(_py_str(p.text) if p.literal else p.text if p.is_str else f"str({p.text})")
        else:
            items.append(" + ".join(_py_str(p.text) if p.literal else f"str({p.text})" for p in tok))
    return f"[{', '.join(items)}]" if items else None


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
                argv = None if _SHELL_META.search(value) else repr(shlex.split(value))
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
            new_call += ".returncode"
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
        strong = src.replace(
            call,
            _call_with_args(
                src, call, [src.t(p) for p in pos], _kw_texts(src, kw, ("usedforsecurity",)), "hashlib.sha256"
            ),
        )
        sha = Rewrite("weak hash -> SHA-256", (strong,))
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
    edits = [src.replace(call, f"ast.literal_eval({src.t(pos[0])})")]
    imp = src.add_import("import ast")
    if imp:
        edits.append(imp)
    return Rewrite("eval -> ast.literal_eval (literals only, no code)", tuple(edits))


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


# ------------------------------------------------------------------ C rewrites

_C_FUNCS = (
    "strcpy",
    "strcat",
    "sprintf",
    "vsprintf",
    "gets",
    "printf",
    "fprintf",
    "syslog",
    "snprintf",
    "system",
    "popen",
)
_FORMAT_POS = {"printf": 0, "fprintf": 1, "syslog": 1, "snprintf": 2}


def _c_array(src: _Src, call: Node, name: str) -> bool:
    if not re.fullmatch(r"[A-Za-z_]\w*", name):
        return False
    fn = call
    while fn.parent is not None and fn.type != "function_definition":
        fn = fn.parent
    scope = src.t(fn) if fn.type == "function_definition" else src.text
    return bool(
        re.search(rf"\b{name}\s*\[[^\]]*\]\s*(=|;|,)", scope)
        or re.search(rf"^\s*\w[\w\s\*]*\b{name}\s*\[", src.text, re.M)
    )


def _c_rule(src: _Src, finding: Finding) -> Result:
    words = f"{finding.rule_name or ''} {finding.rule_id} {finding.message}"
    for call in src.calls_at(finding.line):
        fn_node = call.child_by_field_name("function")
        args_node = call.child_by_field_name("arguments")
        if fn_node is None or args_node is None:
            continue
        name = src.t(fn_node)
        if name not in _C_FUNCS or not re.search(rf"\b{name}\b", words):
            continue
        args = [a for a in args_node.named_children if a.type != "comment"]
        texts = [src.t(a) for a in args]
        if name in ("system", "popen"):
            return NotFixable(
                f"{name}() runs a shell: with input from outside, replace it by fork/execv with an "
                "argument vector (and an allow-list) by hand; not auto-fixable"
            )
        if name in _FORMAT_POS:
            i = _FORMAT_POS[name]
            if len(args) == i + 1 and args[i].type not in ("string_literal", "concatenated_string"):
                new = [*texts[:i], '"%s"', texts[i]]
                return [
                    Rewrite(
                        f'{name}(x) -> {name}("%s", x): the data is never a format',
                        (src.replace(call, f"{name}({', '.join(new)})"),),
                    )
                ]
            if i < len(args) and args[i].type in ("string_literal", "concatenated_string"):
                return NotFixable(f"the format of this {name} is a string literal: nothing to fix here")
            if name != "snprintf":
                return NotFixable(
                    f"{name} with a non-literal format and arguments: choose a literal format by hand"
                )
            continue
        dst = texts[0] if texts else ""
        if not _c_array(src, call, dst):
            return NotFixable(
                f"the destination {dst!r} is not an array of known size here: bound the copy by hand"
            )
        stmt = call.parent if call.parent is not None and call.parent.type == "expression_statement" else None
        if name == "strcpy" and len(texts) == 2:
            out = [
                Rewrite(
                    "strcpy -> snprintf bounded by sizeof (always terminated)",
                    (src.replace(call, f'snprintf({dst}, sizeof({dst}), "%s", {texts[1]})'),),
                )
            ]
            if stmt is not None:
                out.append(
                    Rewrite(
                        "strcpy -> strncpy bounded by sizeof, terminated",
                        (
                            src.replace(
                                stmt,
                                f"strncpy({dst}, {texts[1]}, sizeof({dst}) - 1);\n"
                                f"{src.indent(stmt)}{dst}[sizeof({dst}) - 1] = '\\0';",
                            ),
                        ),
                    )
                )
            return out
        if name == "strcat" and len(texts) == 2:
            return [
                Rewrite(
                    "strcat -> strncat bounded by the space left",
                    (src.replace(call, f"strncat({dst}, {texts[1]}, sizeof({dst}) - strlen({dst}) - 1)"),),
                )
            ]
        if name in ("sprintf", "vsprintf") and len(texts) >= 2:
            bounded = "snprintf" if name == "sprintf" else "vsnprintf"
            return [
                Rewrite(
                    f"{name} -> {bounded} bounded by sizeof",
                    (src.replace(call, f"{bounded}({dst}, sizeof({dst}), {', '.join(texts[1:])})"),),
                )
            ]
        if name == "gets" and len(texts) == 1:
            if stmt is not None:
                ind = src.indent(stmt)
                block = (
                    f"if (fgets({dst}, sizeof({dst}), stdin) == NULL) {{\n{ind}    {dst}[0] = '\\0';\n"
                    f"{ind}}} else {{\n{ind}    {dst}[strcspn({dst}, \"\\n\")] = '\\0';\n{ind}}}"
                )
                edits = [src.replace(stmt, block)]
                imp = src.add_import("#include <string.h>")
                if imp and "<string.h>" not in src.text:
                    edits.append(imp)
                return [
                    Rewrite("gets -> fgets bounded by sizeof (newline removed as gets did)", tuple(edits))
                ]
            return [
                Rewrite(
                    "gets -> fgets bounded by sizeof",
                    (src.replace(call, f"fgets({dst}, sizeof({dst}), stdin)"),),
                )
            ]
    return NotFixable("no call this rule is about at the finding's line")


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
            return _BANDIT[finding.rule_id](_Src(finding.path, text, "python"), finding)
        if lang in ("c", "cpp"):
            return _c_rule(_Src(finding.path, text, lang), finding)
    except (ValueError, IndexError, UnicodeError) as exc:  # a rewrite that cannot build its edits
        return NotFixable(f"the offline rewrite failed: {exc}")
    if finding.rule_id == "B603":
        return NotFixable(
            "B603 (subprocess without a shell) has no mechanical fix: validate the arguments by hand"
        )
    return NotFixable(f"no offline rewrite for {finding.tool} {finding.rule_id}")
