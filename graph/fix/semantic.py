"""The ``semantics`` check of a patch: a fix removes the vulnerability, not the behaviour.

Compares the finding's function before and after the patch (tree-sitter, Python and C/C++):

- **sink**: the sink's call is still there, as the same call or one of its safe forms
  (``sinks.toml [variants]``), and it still receives the same inputs (the variables, parameters and
  globals its arguments are computed from, through local assignments). Deleting the call, replacing
  it with a constant or dropping its data is a stub, not a fix.
- **signature**: the function's name, parameters and return type are unchanged, and so are its
  return paths (the number of ``return`` statements, with and without a value).
- **behaviour**: no subprocess call gets a string command without ``shell=True`` (``shell=False``
  on a string makes the whole string one program name); no SQL query binds a parameter where a
  table or column name, a clause or part of a quoted string goes (only values can be bound).
- **data format**: a weak password hash becomes a salted key-derivation function (a fast hash is
  still CWE-916), with a salt that is not a constant; a hash or serializer that changes makes the fix
  one that *needs a migration* (``SemanticResult.migration``), never a silent drop-in.

What the checks know about libraries is data (``sinks.toml``).
"""

from __future__ import annotations

import builtins
import fnmatch
import re
import tomllib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from . import reach

if TYPE_CHECKING:
    from tree_sitter import Node

_PY_BUILTINS = frozenset(dir(builtins)) | {"self", "cls"}
_FUNCTION = {"function_definition"}
_NESTED = {"function_definition", "lambda", "class_definition", "class_specifier", "lambda_expression"}
_CALL = {"python": "call", "c": "call_expression", "cpp": "call_expression"}
_LITERALS = {
    "string",
    "concatenated_string",
    "integer",
    "float",
    "string_literal",
    "raw_string_literal",
    "number_literal",
    "char_literal",
    "true",
    "false",
    "none",
}


@dataclass(frozen=True)
class Problem:
    check: str  # sink | signature | behaviour | data-format
    detail: str
    line: int  # 1-based, in the patched file (0: not known)


@dataclass(frozen=True)
class SemanticResult:
    problem: Problem | None
    notes: tuple[str, ...]
    migration: str = ""  # non-empty: the fix changes a stored data format (not a drop-in fix)


@dataclass(frozen=True)
class Knowledge:
    variants: tuple[tuple[str, tuple[str, ...]], ...]
    formats: tuple[tuple[str, tuple[str, ...], str], ...]  # (name, sink patterns, migration text)
    password_context: re.Pattern[str]
    kdf: tuple[str, ...]
    salt_argument: tuple[tuple[str, int], ...]
    password_migration: str
    shell_calls: tuple[str, ...]
    exits: tuple[str, ...]  # calls after which nothing runs (sys.exit, abort)
    side_keywords: frozenset[str]  # keyword arguments that are not a call's data (env=, cwd=)
    expected: tuple[tuple[str, tuple[str, ...]], ...]  # "tool:rule" -> rules its safe form is reported as

    def expected_after(self, tool: str, rule: str) -> frozenset[str]:
        return frozenset(r for key, rules in self.expected if key == f"{tool}:{rule}" for r in rules)


@cache
def knowledge() -> Knowledge:
    raw: dict[str, Any] = tomllib.loads(
        resources.files("sastls.graph.fix").joinpath("sinks.toml").read_text(encoding="utf-8")
    )
    pw = raw["passwords"]
    return Knowledge(
        variants=tuple((k, tuple(v)) for k, v in raw["variants"].items()),
        formats=tuple(
            (name, tuple(f["sinks"]), str(f["migration"])) for name, f in raw["data_formats"].items()
        ),
        password_context=re.compile(pw["context"]),
        kdf=tuple(pw["kdf"]),
        salt_argument=tuple((k, int(v)) for k, v in pw["salt_argument"].items()),
        password_migration=str(pw["migration"]),
        shell_calls=tuple(raw["shell"]["calls"]),
        exits=tuple(raw.get("reach", {}).get("exits", ())),
        side_keywords=frozenset(raw.get("roles", {}).get("side_keywords", ())),
        expected=tuple((k, tuple(v)) for k, v in raw.get("rescan", {}).get("expected", {}).items()),
    )


_DOTTED = re.compile(r"[A-Za-z_][\w.]*")


def _match(name: str, patterns: Iterable[str]) -> str | None:
    """The first pattern ``name`` matches; a chained call (``f(x).g``) only matches itself."""
    plain = _DOTTED.fullmatch(name) is not None
    return next((p for p in patterns if p == name or (plain and fnmatch.fnmatchcase(name, p))), None)


# ------------------------------------------------------------------ a parsed file


_IMPORT = re.compile(r"^\s*import\s+([\w.]+)(?:\s+as\s+(\w+))?\s*$", re.M)
_FROM = re.compile(r"^\s*from\s+([\w.]+)\s+import\s+\(?([^)\n]+)\)?", re.M)


def _aliases(text: str) -> dict[str, str]:
    """Local name -> qualified name, from Python imports (any indentation)."""
    out: dict[str, str] = {}
    for m in _IMPORT.finditer(text):
        mod, alias = m.group(1), m.group(2)
        out[alias or mod.split(".")[0]] = mod if alias else mod.split(".")[0]
    for m in _FROM.finditer(text):
        for part in m.group(2).split(","):
            bits = part.split()
            if bits and bits[0] != "*":
                out[bits[-1] if len(bits) == 3 else bits[0]] = f"{m.group(1)}.{bits[0]}"
    return out


class Code:
    """A parsed file with the few questions the checks ask of it."""

    def __init__(self, text: str, lang: str) -> None:
        from sastls.analyzers.code.languages import parse

        self.lang = lang
        self.text = text
        self.data = text.encode("utf-8", "surrogateescape")
        self.tree = parse(self.data, lang)  # type: ignore[arg-type]
        self.aliases = _aliases(text) if lang == "python" else {}

    def t(self, node: Node) -> str:
        return self.data[node.start_byte : node.end_byte].decode("utf-8", "surrogateescape")

    @staticmethod
    def lines(node: Node) -> tuple[int, int]:
        return node.start_point[0] + 1, node.end_point[0] + 1

    def walk(self, node: Node, *, into_nested: bool = True) -> Iterator[Node]:
        stack = list(reversed(node.children))
        while stack:
            n = stack.pop()
            yield n
            if into_nested or n.type not in _NESTED:
                stack.extend(reversed(n.children))

    # -- functions
    def functions(self) -> list[Node]:
        return [n for n in self.walk(self.tree.root_node) if n.type in _FUNCTION]

    def function_at(self, line: int) -> Node | None:
        best = None
        for fn in self.functions():
            lo, hi = self.lines(fn)
            if lo <= line <= hi and (best is None or fn.start_byte >= best.start_byte):
                best = fn
        return best

    def name_of(self, fn: Node) -> str:
        if self.lang == "python":
            name = fn.child_by_field_name("name")
            return self.t(name) if name is not None else ""
        decl = fn.child_by_field_name("declarator")
        names = ("identifier", "field_identifier", "qualified_identifier")
        while decl is not None and decl.type not in names:
            decl = decl.child_by_field_name("declarator")
        return self.t(decl) if decl is not None else ""

    def signature(self, fn: Node) -> str:
        body = fn.child_by_field_name("body")
        end = body.start_byte if body is not None else fn.end_byte
        head = self.data[fn.start_byte : end].decode("utf-8", "surrogateescape")
        return " ".join(head.replace("(", " ( ").replace(")", " ) ").replace(",", " , ").split())

    def parameters(self, fn: Node) -> list[str]:
        if self.lang == "python":
            params = fn.child_by_field_name("parameters")
            return [self.t(n) for n in self.walk(params) if n.type == "identifier"] if params else []
        decl = fn.child_by_field_name("declarator")
        params = decl.child_by_field_name("parameters") if decl is not None else None
        return [self.t(n) for n in self.walk(params) if n.type == "identifier"] if params else []

    def returns(self, fn: Node) -> tuple[int, int]:
        """(returns with a value, bare returns) in ``fn``, nested functions left out."""
        body = fn.child_by_field_name("body")
        valued = bare = 0
        for n in self.walk(body, into_nested=False) if body is not None else ():
            if n.type == "return_statement":
                if any(c.is_named and c.type != "comment" for c in n.children):
                    valued += 1
                else:
                    bare += 1
        return valued, bare

    # -- calls
    def calls(self, node: Node) -> list[Node]:
        kind = _CALL.get(self.lang, "call")
        return [n for n in self.walk(node) if n.type == kind]

    def callee(self, call: Node) -> str:
        fn = call.child_by_field_name("function")
        return "".join(self.t(fn).split()) if fn is not None else ""

    def qualified(self, call: Node) -> str:
        name = self.callee(call)
        m = re.match(r"[A-Za-z_]\w*", name)
        if m is None or not self.aliases:
            return name
        return self.aliases.get(m.group(0), m.group(0)) + name[m.end() :]

    def args(self, call: Node) -> tuple[list[Node], dict[str, Node]]:
        arglist = call.child_by_field_name("arguments")
        pos: list[Node] = []
        kw: dict[str, Node] = {}
        for a in arglist.named_children if arglist is not None else ():
            if a.type == "keyword_argument":
                name, value = a.child_by_field_name("name"), a.child_by_field_name("value")
                if name is not None and value is not None:
                    kw[self.t(name)] = value
            elif a.type != "comment":
                pos.append(a)
        return pos, kw

    # -- data
    def names_in(self, node: Node) -> set[str]:
        """Variables an expression reads (callees and imported names left out; receivers kept)."""
        out: set[str] = set()
        stack = [node]
        while stack:
            n = stack.pop()
            if n.type == "identifier":
                text = self.t(n)
                if text not in self.aliases and not (self.lang == "python" and text in _PY_BUILTINS):
                    out.add(text)
            elif n.type == "attribute":
                obj = n.child_by_field_name("object")
                if obj is not None:
                    stack.append(obj)
            elif n.type == "field_expression":
                arg = n.child_by_field_name("argument")
                if arg is not None:
                    stack.append(arg)
            elif n.type == "keyword_argument":
                value = n.child_by_field_name("value")
                if value is not None:
                    stack.append(value)
            elif n.type in (_CALL.get(self.lang, "call"),):
                fn, args = n.child_by_field_name("function"), n.child_by_field_name("arguments")
                if fn is not None and fn.type not in ("identifier",):
                    stack.append(fn)
                if args is not None:
                    stack.append(args)
            elif n.type not in ("type_descriptor", "primitive_type", "type_identifier"):
                stack.extend(n.named_children)
        return out

    def assignments(self, scope: Node) -> dict[str, list[Node]]:
        """Local name -> the expressions assigned to it in ``scope``."""
        out: dict[str, list[Node]] = {}

        def bind(target: Node | None, value: Node | None) -> None:
            if target is None or value is None:
                return
            if target.type == "identifier":
                out.setdefault(self.t(target), []).append(value)
            elif target.type in ("pattern_list", "tuple_pattern", "list_pattern", "tuple", "list"):
                for t in target.named_children:
                    bind(t, value)
            elif target.type in (
                "array_declarator",
                "pointer_declarator",
                "init_declarator",
                "parenthesized_declarator",
            ):
                bind(target.child_by_field_name("declarator"), value)

        for n in self.walk(scope):
            if n.type in ("assignment", "augmented_assignment", "for_statement"):
                bind(n.child_by_field_name("left"), n.child_by_field_name("right"))
            elif n.type == "as_pattern":
                bind(n.child_by_field_name("alias"), n.named_children[0] if n.named_children else None)
            elif n.type == "init_declarator":
                bind(n.child_by_field_name("declarator"), n.child_by_field_name("value"))
            elif n.type == "assignment_expression":
                bind(n.child_by_field_name("left"), n.child_by_field_name("right"))
        return out

    def inputs(self, call: Node, scope: Node) -> frozenset[str]:
        """What a call's arguments are computed from: parameters and the names not assigned in ``scope``
        (globals, declared buffers), followed through local assignments."""
        arglist = call.child_by_field_name("arguments")
        return frozenset() if arglist is None else self.inputs_of(arglist, scope)

    def inputs_of(self, node: Node, scope: Node) -> frozenset[str]:
        """What an expression is computed from (as ``inputs``, for one argument)."""
        arglist = node
        assigned = self.assignments(scope)
        params = set(self.parameters(scope)) if scope.type in _FUNCTION else set()
        todo = list(self.names_in(arglist))
        seen: set[str] = set()
        leaves: set[str] = set()
        while todo:
            name = todo.pop()
            if name in seen:
                continue
            seen.add(name)
            if name in params or name not in assigned:
                leaves.add(name)  # a parameter stays an input even when it is cleaned in place
            for rhs in assigned.get(name, ()):
                todo.extend(self.names_in(rhs))
        return frozenset(leaves)

    def is_string_command(self, node: Node, scope: Node, depth: int = 0) -> bool:
        """A command given as one string with arguments in it (not a list of arguments)."""
        if node.type == "string":
            has_parts = any(c.type == "interpolation" for c in node.named_children)
            content = "".join(self.t(c) for c in node.named_children if c.type == "string_content")
            return has_parts or bool(re.search(r"\S\s+\S", content))
        if node.type == "concatenated_string":
            return True
        if node.type == "binary_operator":
            op = node.child_by_field_name("operator")
            if op is not None and self.t(op) in ("+", "%"):
                return any(
                    self.is_string_command(c, scope, depth + 1) or c.type == "string"
                    for c in node.named_children
                )
            return False
        if node.type == "call":
            fn = node.child_by_field_name("function")
            return fn is not None and fn.type == "attribute" and self.t(fn).endswith(".format")
        if node.type == "identifier" and depth < 2:
            rhs = self.assignments(scope).get(self.t(node), [])
            return any(self.is_string_command(r, scope, depth + 1) for r in rhs)
        return False


# ------------------------------------------------------------------ the checks


def _variants(name: str) -> tuple[str | None, tuple[str, ...]]:
    """(the matching [variants] pattern, the callees a fix may turn ``name`` into)."""
    for pattern, allowed in knowledge().variants:
        if _match(name, (pattern,)):
            return pattern, (name, *allowed)
    return None, (name,)


def sinks_at(code: Code, lo: int, hi: int) -> list[Node]:
    """The sink calls of a finding on lines ``lo..hi``: the known sinks among the calls there, else
    the outermost call that starts there."""
    around = [
        c for c in code.calls(code.tree.root_node) if c.start_point[0] + 1 <= hi and c.end_point[0] + 1 >= lo
    ]
    known = [c for c in around if _variants(code.qualified(c))[0] is not None]
    if known:
        return known
    starting = [c for c in around if lo <= c.start_point[0] + 1 <= hi]
    return [max(starting, key=lambda c: c.end_byte - c.start_byte)] if starting else []


def _find_function(code: Code, name: str, near: int) -> Node | None:
    same = [fn for fn in code.functions() if code.name_of(fn) == name]
    return min(same, key=lambda fn: abs(fn.start_point[0] + 1 - near)) if same else None


def _literal(node: Node | None) -> bool:
    return node is not None and node.type in _LITERALS


def _constant(code: Code, node: Node | None) -> bool:
    """A literal, or a name only ever assigned literals (in the file)."""
    if node is None:
        return False
    if _literal(node):
        return True
    if node.type == "identifier":
        rhs = code.assignments(code.tree.root_node).get(code.t(node), [])
        return bool(rhs) and all(_literal(r) for r in rhs)
    return False


def _salt(code: Code, call: Node, name: str) -> Node | None:
    pos, kw = code.args(call)
    if "salt" in kw:
        return kw["salt"]
    for pattern, index in knowledge().salt_argument:
        if fnmatch.fnmatchcase(name, pattern) and 0 <= index < len(pos):
            return pos[index]
    return None


def _hash_algorithm(code: Code, call: Node, name: str) -> str:
    if name.endswith("hashlib.new") or name == "new":
        pos, _kw = code.args(call)
        return f"hashlib.new({code.t(pos[0])})" if pos else name
    return name


@dataclass
class _Side:
    code: Code
    scope: Node  # the finding's function (or the module)


def check_semantics(
    lang: str | None, before: str, after: str, *, lines: tuple[int, int], mapped: int
) -> SemanticResult:
    """The finding's function in ``before`` (around ``lines``) against ``after`` (near ``mapped``)."""
    if lang not in ("python", "c", "cpp"):
        return SemanticResult(None, (f"no semantic checks for {lang or 'this language'}",))
    b = Code(before, lang)
    a = Code(after, lang)
    notes: list[str] = []
    fn_b = b.function_at(lines[0])
    if fn_b is not None:
        name = b.name_of(fn_b)
        fn_a = _find_function(a, name, mapped)
        if fn_a is None:
            return SemanticResult(
                Problem("signature", f"the function {name}() is gone or renamed: keep its signature", mapped),
                tuple(notes),
            )
        if b.signature(fn_b) != a.signature(fn_a):
            return SemanticResult(
                Problem(
                    "signature",
                    f"the signature of {name}() changed ({b.signature(fn_b)!r} -> {a.signature(fn_a)!r}): "
                    "callers would break",
                    a.lines(fn_a)[0],
                ),
                tuple(notes),
            )
        rb, ra = b.returns(fn_b), a.returns(fn_a)
        if rb != ra:
            return SemanticResult(
                Problem(
                    "signature",
                    f"the return paths of {name}() changed ({rb[0]} return(s) with a value and {rb[1]} "
                    f"without before, {ra[0]} and {ra[1]} after): keep what the function returns "
                    "(reject bad input with an exception, not a new return)",
                    a.lines(fn_a)[0],
                ),
                tuple(notes),
            )
        notes.append(f"{name}(): same signature and return paths")
        side_b, side_a = _Side(b, fn_b), _Side(a, fn_a)
    else:
        side_b, side_a = _Side(b, b.tree.root_node), _Side(a, a.tree.root_node)
    problem, migration, more = _sinks(side_b, side_a, lines, mapped)
    notes.extend(more)
    if problem is None and lang == "python":
        problem = _shell_strings(side_b, side_a) or _sql_binds(side_b, side_a)
        if problem is None:
            notes.append("no string command without a shell; parameters bound only where values go")
    return SemanticResult(problem, tuple(notes), migration)


def _sinks(b: _Side, a: _Side, lines: tuple[int, int], mapped: int) -> tuple[Problem | None, str, list[str]]:
    k = knowledge()
    sinks = sinks_at(b.code, *lines)
    if not sinks:
        return None, "", ["no call at the finding's line: nothing to keep"]
    notes: list[str] = []
    migrations: list[str] = []
    after_calls = [(c, a.code.qualified(c)) for c in a.code.calls(a.scope)]
    for sink in sinks:
        name = b.code.qualified(sink)
        _pattern, allowed = _variants(name)
        needed = b.code.inputs(sink, b.scope)
        password = _is_password(b, sink, name)
        if password:
            allowed = k.kdf
        kept = [(c, q) for c, q in after_calls if _match(q, allowed)]
        dead = [reach.dead_reason(a.code, c, a.scope, k.exits) for c, q in kept]
        if kept and all(dead):
            return (
                Problem(
                    "sink",
                    f"{name}() is kept only where it never runs ({dead[0]}): disabling the behaviour is "
                    "not a fix",
                    kept[0][0].start_point[0] + 1,
                ),
                "",
                notes,
            )
        kept = [ck for ck, why in zip(kept, dead, strict=True) if why is None]
        if not kept:
            if password:
                return (
                    Problem(
                        "data-format",
                        f"{name}() hashes a password: a fix must use a salted key-derivation function "
                        "(hashlib.scrypt, hashlib.pbkdf2_hmac, bcrypt, argon2 or the project's own password "
                        "library); a fast hash such as SHA-256 is still CWE-916",
                        mapped,
                    ),
                    "",
                    notes,
                )
            forms = ", ".join(p for p in allowed if p != name)
            return (
                Problem(
                    "sink",
                    f"the call {name}() at line {lines[0]} is gone: deleting or stubbing out the "
                    "behaviour is not a fix (keep the call, in a safe form"
                    + (f": {forms}" if forms else "")
                    + ")",
                    mapped,
                ),
                "",
                notes,
            )
        best = None
        for c, q in kept:
            missing = needed - a.code.inputs(c, a.scope)
            if not missing:
                best = (c, q)
                break
        if best is None:
            c, q = kept[0]
            missing = needed - a.code.inputs(c, a.scope)
            return (
                Problem(
                    "sink",
                    f"{q}() no longer receives {', '.join(sorted(missing))}: the fix drops the data the call "
                    "worked on (a stub, not a fix)",
                    c.start_point[0] + 1,
                ),
                "",
                notes,
            )
        call, new = best
        why = reach.killed_input((b.code, sink, b.scope), (a.code, call, a.scope), needed)
        why = why or reach.side_channel((b.code, sink, b.scope), (a.code, call, a.scope), k.side_keywords)
        if why is None and reach.result_dropped((b.code, sink), (a.code, call)):
            why = "its value was used and is now thrown away"
        if why is not None:
            return (
                Problem(
                    "sink",
                    f"{new}() no longer does its work: {why} (a stub, not a fix)",
                    call.start_point[0] + 1,
                ),
                "",
                notes,
            )
        if password:
            salt = _salt(a.code, call, new)
            if _constant(a.code, salt) or (
                salt is None and _match(new, ("hashlib.pbkdf2_hmac", "hashlib.scrypt"))
            ):
                return (
                    Problem(
                        "data-format",
                        f"{new}() needs a random salt per password (os.urandom / secrets.token_bytes), "
                        "not a constant one",
                        call.start_point[0] + 1,
                    ),
                    "",
                    notes,
                )
            migrations.append(k.password_migration)
        else:
            migrations.extend(_format_change((b.code, sink, name), (a.code, call, new)))
        notes.append(f"{name}() kept as {new}() with its inputs ({', '.join(sorted(needed)) or 'constants'})")
    return None, "; ".join(dict.fromkeys(migrations)), notes


def _is_password(side: _Side, sink: Node, name: str) -> bool:
    k = knowledge()
    hashes = next((f for f in k.formats if f[0] == "hash"), None)
    if hashes is None or not _match(name, hashes[1]):
        return False
    code = side.code
    words: list[str] = sorted(code.names_in(sink))
    words += [code.t(n) for n in code.walk(sink) if n.type == "string_content"]  # form["password"]
    if side.scope.type in _FUNCTION:
        words += [code.name_of(side.scope), *code.parameters(side.scope)]
    parent = sink.parent
    stops = ("assignment", "expression_statement", "return_statement")
    while parent is not None and parent.type not in stops:
        parent = parent.parent
    if parent is not None and parent.type == "assignment":
        left = parent.child_by_field_name("left")
        if left is not None:
            words.append(code.t(left))
    return any(k.password_context.search(w) for w in words)


def _format_change(before: tuple[Code, Node, str], after: tuple[Code, Node, str]) -> list[str]:
    b, sink, old = before
    a, call, new = after
    for kind, patterns, text in knowledge().formats:
        if not _match(old, patterns):
            continue
        if kind == "hash":
            old_alg, new_alg = _hash_algorithm(b, sink, old), _hash_algorithm(a, call, new)
            if old_alg != new_alg:
                return [text.format(old=old_alg, new=new_alg)]
        elif old.split(".", 1)[0] != new.split(".", 1)[0]:
            return [text.format(old=old, new=new)]
    return []


_VALUE_BEFORE = re.compile(
    r"(=|<|>|<=|>=|<>|!=|\bLIKE|\bILIKE|\bIS|\bIS\s+NOT|\bBETWEEN|\bBETWEEN\s+\S+\s+AND|\bLIMIT|\bOFFSET"
    r"|\bTHEN|\bELSE|\bWHEN)\s*$",
    re.I,
)
_OPEN_LIST = re.compile(r"\b(VALUES|IN)\s*\([^()]*$", re.I)
_PLACEHOLDER = re.compile(r"\?|%s|%\(\w+\)s|(?<![:\w]):\w+")


def value_position(prefix: str) -> bool:
    """Can a bound parameter stand right after the SQL text ``prefix``? Only a value can be bound:
    after a comparison, LIKE, BETWEEN .. AND, LIMIT/OFFSET, or inside a VALUES (...) / IN (...) list;
    never a table or column name, a clause, or inside a quoted string."""
    if prefix.count("'") % 2 or prefix.count('"') % 2:
        return False
    tail = prefix.rstrip()
    if _VALUE_BEFORE.search(tail):
        return True
    return bool(_OPEN_LIST.search(tail)) and tail.endswith(("(", ","))


def _bad_placeholders(side: _Side) -> list[Node]:
    """Parameterized ``execute`` calls whose query binds a parameter where no value can go."""
    out = []
    code = side.code
    for call in code.calls(side.scope):
        if not _match(code.qualified(call), ("*.execute", "*.executemany")):
            continue
        pos, kw = code.args(call)
        if len(pos) < 2 and "params" not in kw and "parameters" not in kw:
            continue  # no parameters bound: nothing to check
        query = pos[0] if pos else kw.get("sql") or kw.get("query")
        texts: list[Node] = []
        if query is not None and query.type in ("string", "concatenated_string"):
            texts = [query]
        elif query is not None and query.type == "identifier":
            texts = [r for r in code.assignments(side.scope).get(code.t(query), []) if r.type == "string"]
        for t in texts:
            sql = "".join(code.t(c) for c in code.walk(t) if c.type == "string_content")
            if any(not value_position(sql[: m.start()]) for m in _PLACEHOLDER.finditer(sql)):
                out.append(call)
                break
    return out


def _sql_binds(b: _Side, a: _Side) -> Problem | None:
    before, after = _bad_placeholders(b), _bad_placeholders(a)
    if len(after) > len(before):
        call = after[-1]
        return Problem(
            "behaviour",
            "a bound parameter can only stand for a value; this query binds one where a table or column "
            "name, a clause or part of a quoted string goes, which changes what it does (check such parts "
            "against an allow-list instead)",
            call.start_point[0] + 1,
        )
    return None


def _shell_strings(b: _Side, a: _Side) -> Problem | None:
    def string_commands(side: _Side) -> list[Node]:
        out = []
        for call in side.code.calls(side.scope):
            if not _match(side.code.qualified(call), knowledge().shell_calls):
                continue
            pos, kw = side.code.args(call)
            shell = kw.get("shell")
            if shell is not None and side.code.t(shell) == "True":
                continue
            cmd = pos[0] if pos else kw.get("args")
            if cmd is not None and side.code.is_string_command(cmd, side.scope):
                out.append(call)
        return out

    before, after = string_commands(b), string_commands(a)
    if len(after) > len(before):
        call = after[-1]
        return Problem(
            "behaviour",
            f"{a.code.qualified(call)}() now gets a string command without a shell: the whole string "
            "becomes the program's name (shell=False on a string changes what runs); pass a list of "
            "arguments instead",
            call.start_point[0] + 1,
        )
    return None


PROBE = 'raise RuntimeError("sastls probe: do the tests run this function?")'
C_PROBE = "__builtin_trap(); /* sastls probe: do the tests run this function? */"


def probe(lang: str | None, text: str, line: int) -> tuple[str, str] | None:
    """``text`` made to raise at the fixed code, and what that code is: the function around ``line``
    raises first thing (or, outside a function, the statement at ``line`` is preceded by a raise); in
    C/C++ the function traps first thing (GCC and Clang's ``__builtin_trap``). If the tests still pass
    with it, none of them runs that code (None when not possible)."""
    if lang in ("c", "cpp"):
        return _c_probe(Code(text, lang), line)
    if lang != "python":
        return None
    code = Code(text, lang)
    fn = code.function_at(line)
    if fn is not None:
        body = fn.child_by_field_name("body")
        if body is None or body.start_point[0] == fn.start_point[0] or not body.named_children:
            return None
        target, what = body.named_children[0], f"{code.name_of(fn)}()"
    else:
        stmts = [
            n
            for n in code.walk(code.tree.root_node)
            if n.parent is not None
            and n.parent.type in ("module", "block")
            and n.start_point[0] + 1 <= line <= n.end_point[0] + 1
            and n.type != "comment"
        ]
        if not stmts:
            return None
        target = max(stmts, key=lambda n: n.start_byte)  # the innermost statement
        if target.start_point[0] + 1 != line:
            return None
        what = f"the code at line {line}"
    row = target.start_point[0]
    lines = text.splitlines(keepends=True)
    indent = lines[row][: len(lines[row]) - len(lines[row].lstrip())]
    return "".join([*lines[:row], f"{indent}{PROBE}\n", *lines[row:]]), what


def _c_probe(code: Code, line: int) -> tuple[str, str] | None:
    fn = code.function_at(line)
    body = fn.child_by_field_name("body") if fn is not None else None
    if fn is None or body is None or body.type != "compound_statement":
        return None
    at = body.start_byte + 1  # just after the opening brace
    data = code.data[:at] + f" {C_PROBE}".encode() + code.data[at:]
    return data.decode("utf-8", "surrogateescape"), f"{code.name_of(fn)}()"
