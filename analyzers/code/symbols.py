"""What one file defines, calls and imports, extracted with the tags-style queries.

The queries (``queries/<lang>/{definitions,calls,imports}.scm``) find the nodes;
this module turns their captures into small immutable records: symbols with
qualified names (scopes come from nesting), call sites with their calling
function, and imports/includes. A :class:`FileSummary` holds no tree, so the
index keeps one per file cheaply and re-parses only when it needs nodes.
"""

from __future__ import annotations

import itertools
import re
import sys
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Literal

from tree_sitter import Node, Parser, Query, QueryCursor, Range, Tree

from .languages import LanguageName, ts_language

SymbolKind = Literal[
    "function", "method", "class", "macro", "struct", "typedef", "global", "enum", "interface"
]
QueryKind = Literal["definitions", "calls", "imports"]

#: Kinds that can enclose a line (``WorkspaceIndex.enclosing``).
ENCLOSING_KINDS = frozenset({"function", "method", "class", "struct", "interface", "enum"})
#: Kinds whose body is code (fingerprints, callers).
FUNCTION_KINDS = frozenset({"function", "method"})
_CONTAINER_KINDS = frozenset({"class", "struct", "interface", "enum", "namespace"})
#: Parents that belong to a definition (decorators, templates, exports, ``const f = () => ...``).
_WRAPPERS = frozenset(
    {
        "decorated_definition",
        "template_declaration",
        "export_statement",
        "lexical_declaration",
        "variable_declaration",
        "expression_statement",
        "type_declaration",
        "var_declaration",
        "const_declaration",
    }
)
_TEMPLATE_ARGS = re.compile(r"<[^<>]*>")
_SEPARATOR: dict[str, str] = {"cpp": "::"}
_QUERY_DIR: dict[str, str] = {"tsx": "typescript"}


@dataclass(frozen=True, slots=True)
class Symbol:
    """A definition. Lines are 1-based and inclusive; ``qualified_name`` joins enclosing scopes
    (``Class.method``, ``ns::Class::method``, ``outer.inner``, Go ``Recv.Method``).
    ``declaration`` marks a prototype/signature without a body (C/C++ headers, TS overloads)."""

    name: str
    qualified_name: str
    kind: str
    path: str
    start_line: int
    end_line: int
    language: str
    declaration: bool = False
    start_byte: int = field(default=0, compare=False)
    end_byte: int = field(default=0, compare=False)
    container: str = field(default="", compare=False)  # qualified name of the enclosing scope


@dataclass(frozen=True, slots=True)
class SymbolMatch:
    symbol: Symbol
    strategy: str  # same_file | import | workspace | fuzzy
    score: float


@dataclass(frozen=True, slots=True)
class CallSite:
    path: str
    line: int
    caller: Symbol | None
    text: str


@dataclass(frozen=True, slots=True)
class Call:
    """A call in one file: the called name, its receiver text (``obj`` in ``obj.m()``), 1-based line,
    the index of the calling function in ``FileSummary.symbols`` (or -1) and the stripped source line."""

    name: str
    receiver: str
    line: int
    caller: int
    text: str


@dataclass(frozen=True, slots=True)
class Import:
    """One import/include. ``module`` is the dotted module (Python/Java), the include path (C/C++)
    or the module specifier (JS/TS/Go). ``names`` are (imported name, local alias) pairs; ``alias``
    is the local name bound to the module itself (``import a.b as x``, Go aliases, ``require``)."""

    module: str
    line: int
    names: tuple[tuple[str, str], ...] = ()
    alias: str = ""
    level: int = 0  # Python relative import dots
    system: bool = False  # #include <...>
    written: str = field(default="", compare=False)  # Python ``from`` imports: the module as written


@dataclass(frozen=True, slots=True)
class FileSummary:
    path: str
    language: LanguageName
    content_hash: str
    symbols: tuple[Symbol, ...]
    calls: tuple[Call, ...]
    imports: tuple[Import, ...]
    package: str  # Java package / Go package clause ("" elsewhere)
    line_count: int
    call_index: dict[str, tuple[int, ...]] = field(default_factory=dict, compare=False)  # name -> calls

    def calls_to(self, name: str) -> list[Call]:
        """Calls of ``name`` in this file, in source order."""
        return [self.calls[i] for i in self.call_index.get(name, ())]

    def enclosing(self, line: int, kinds: frozenset[str] = ENCLOSING_KINDS) -> Symbol | None:
        """The innermost symbol of ``kinds`` whose body spans ``line`` (declarations excluded)."""
        best: Symbol | None = None
        for sym in self.symbols:
            if sym.start_line > line:
                break
            fits = sym.end_line >= line and not sym.declaration and sym.kind in kinds
            if fits and (best is None or sym.start_byte >= best.start_byte):
                best = sym
        return best


@cache
def query(language: LanguageName, kind: QueryKind) -> Query:
    """The compiled query ``queries/<lang>/<kind>.scm`` (package data; tsx shares typescript's)."""
    folder = _QUERY_DIR.get(language, language)
    text = (
        resources.files("sastls.analyzers.code").joinpath("queries", folder, f"{kind}.scm").read_text("utf-8")
    )
    return Query(ts_language(language), text)


def node_text(source: bytes, node: Node) -> str:
    return source[node.start_byte : node.end_byte].decode("utf-8", "replace")


def summarize(path: str, language: LanguageName, source: bytes, tree: Tree, content_hash: str) -> FileSummary:
    """Extract symbols, calls and imports of one parsed file."""
    root = tree.root_node
    lines = source.split(b"\n")
    roots = [root, *_recovery_roots(language, source, root)]
    found = _matches(language, roots)
    symbols = _definitions(path, language, source, found["definitions"])
    calls = _calls(language, source, found["calls"], lines, symbols)
    imports, package = _imports(language, source, found["imports"])
    return FileSummary(
        path=path,
        language=language,
        content_hash=content_hash,
        symbols=symbols,
        calls=calls,
        imports=imports,
        package=package,
        line_count=len(lines) if source else 0,
        call_index=_call_index(calls),
    )


def _call_index(calls: tuple[Call, ...]) -> dict[str, tuple[int, ...]]:
    table: dict[str, list[int]] = {}
    for i, c in enumerate(calls):
        table.setdefault(c.name, []).append(i)
    return {name: tuple(ix) for name, ix in table.items()}


@dataclass
class _Def:
    name: str
    scope: list[str]  # explicit qualifier (C++ ``A::b``, Go receiver)
    kind: str
    declaration: bool
    start_byte: int
    end_byte: int
    start_line: int
    end_line: int


def _split_name(language: LanguageName, raw: str) -> tuple[str, list[str]]:
    raw = " ".join(raw.split())
    if language == "cpp" and "::" in raw:
        cleaned = raw
        while True:
            nxt = _TEMPLATE_ARGS.sub("", cleaned)
            if nxt == cleaned:
                break
            cleaned = nxt
        parts = [p.strip() for p in cleaned.split("::")]
        return parts[-1], [p for p in parts[:-1] if p]
    if language in ("javascript", "typescript", "tsx"):
        raw = raw.strip("'\"`")
    return raw, []


def _last_line(node: Node) -> int:
    """1-based last line of ``node`` (a node ending at column 0, after a newline, ends a line before)."""
    row, col = node.end_point
    if col == 0 and row > node.start_point[0]:
        return row
    return row + 1


def _outer(node: Node) -> Node:
    while node.parent is not None and node.parent.type in _WRAPPERS:
        node = node.parent
    return node


def _recovery_roots(language: LanguageName, source: bytes, root: Node) -> list[Node]:
    """Re-parse large top-level ERROR regions piecewise so one syntax error does not hide the
    definitions after it. Pieces start at column-0 lines that follow a blank line or a ``}``/``;``."""
    if not root.has_error:
        return []
    out: list[Node] = []
    for child in root.children:
        if child.type != "ERROR" or child.end_point[0] - child.start_point[0] < 2:
            continue
        cuts = [(child.start_byte, child.start_point[0])]
        pos = source.find(b"\n", child.start_byte)
        row = child.start_point[0]
        prev = source[child.start_byte : pos if pos >= 0 else child.end_byte]
        while 0 <= pos < child.end_byte:
            row += 1
            nxt = source.find(b"\n", pos + 1)
            line = source[pos + 1 : nxt if nxt >= 0 else len(source)]
            stripped = prev.rstrip()
            starts = line[:1].isalpha() or line[:1] in (b"_", b"@", b"#", b"/")
            if starts and (not stripped or stripped.endswith((b"}", b";"))):
                cuts.append((pos + 1, row))
            prev = line
            pos = nxt
        cuts.append((child.end_byte, child.end_point[0]))
        for (sb, _), (eb, _) in itertools.pairwise(cuts):
            if eb > sb:
                out.append(_parse_piece(source, language, sb, eb))
    return out


def _parse_piece(source: bytes, language: LanguageName, start: int, end: int) -> Node:
    """Parse ``source[start:end]`` on its own, keeping the file's byte offsets and points."""
    row_start = source.count(b"\n", 0, start)
    col_start = start - (source.rfind(b"\n", 0, start) + 1)
    row_end = row_start + source.count(b"\n", start, end)
    col_end = end - (source.rfind(b"\n", 0, end) + 1)
    parser = Parser(ts_language(language))
    parser.included_ranges = [Range((row_start, col_start), (row_end, col_end), start, end)]
    return parser.parse(source).root_node


def parse_range(source: bytes, language: LanguageName, start: int, end: int) -> Node | None:
    """The outermost named node that ``source[start:end]`` parses to on its own."""
    root = _parse_piece(source, language, start, end)
    node = root.descendant_for_byte_range(start, end)
    while node is not None and (parent := node.parent) is not None and parent.parent is not None:
        if (parent.start_byte, parent.end_byte) != (node.start_byte, node.end_byte):
            break
        node = parent
    return node


def _inside(byte: int, spans: list[tuple[int, int]]) -> bool:
    return any(a <= byte < b for a, b in spans)


Captures = dict[str, list[Node]]
_KINDS: tuple[QueryKind, ...] = ("definitions", "calls", "imports")


@cache
def _combined(language: LanguageName) -> tuple[Query, tuple[int, int]]:
    """The three query files of ``language`` as one query (one tree walk instead of three), and
    the pattern indexes where calls and imports start."""
    folder = _QUERY_DIR.get(language, language)
    base = resources.files("sastls.analyzers.code").joinpath("queries", folder)
    texts = [base.joinpath(f"{kind}.scm").read_text("utf-8") for kind in _KINDS]
    counts = [query(language, kind).pattern_count for kind in _KINDS]
    return Query(ts_language(language), "\n".join(texts)), (counts[0], counts[0] + counts[1])


def _matches(language: LanguageName, roots: list[Node]) -> dict[QueryKind, list[Captures]]:
    """Captures of every match by query kind, in the main tree and in the recovered pieces
    (which replace the ERROR regions they were cut from)."""
    q, (calls_at, imports_at) = _combined(language)
    main, pieces = roots[0], roots[1:]
    spans = [(c.start_byte, c.end_byte) for c in main.children if c.type == "ERROR"] if pieces else []
    found = QueryCursor(q).matches(main)
    if spans:
        found = [m for m in found if not _inside(next(iter(m[1].values()))[0].start_byte, spans)]
        for piece in pieces:
            found.extend(QueryCursor(q).matches(piece))
    out: dict[QueryKind, list[Captures]] = {"definitions": [], "calls": [], "imports": []}
    defs, calls, imports = out["definitions"], out["calls"], out["imports"]
    for index, caps in found:
        if index < calls_at:
            defs.append(caps)
        elif index < imports_at:
            calls.append(caps)
        else:
            imports.append(caps)
    return out


def _definitions(
    path: str, language: LanguageName, source: bytes, matches: list[Captures]
) -> tuple[Symbol, ...]:
    defs: list[_Def] = []
    seen: set[tuple[int, int]] = set()
    for caps in matches:
        names = caps.get("name")
        if not names:
            continue
        node: Node | None = None
        kind = ""
        declaration = False
        for cap, nodes in caps.items():
            prefix, _, k = cap.partition(".")
            if prefix in ("definition", "declaration", "scope") and nodes:
                node, kind, declaration = nodes[0], k, prefix == "declaration"
        if node is None:
            continue
        key = (node.start_byte, node.end_byte)
        if key in seen:
            continue
        seen.add(key)
        name, scope = _split_name(language, node_text(source, names[0]))
        receivers = caps.get("receiver")
        if receivers:
            scope = [node_text(source, receivers[0])]
        outer = _outer(node)
        defs.append(
            _Def(
                name=name,
                scope=scope,
                kind=kind,
                declaration=declaration,
                start_byte=outer.start_byte,
                end_byte=node.end_byte,
                start_line=outer.start_point[0] + 1,
                end_line=_last_line(node),
            )
        )
    defs.sort(key=lambda d: (d.start_byte, -d.end_byte))
    sep = _SEPARATOR.get(language, ".")
    out: list[Symbol] = []
    stack: list[tuple[_Def, str]] = []  # open scopes with their qualified names
    for d in defs:
        while stack and stack[-1][0].end_byte < d.end_byte:
            stack.pop()
        parent = stack[-1] if stack else None
        if d.kind == "global" and parent is not None and parent[0].kind in FUNCTION_KINDS:
            continue  # a local variable, not a global
        kind = d.kind
        if d.scope:
            qualified = sep.join([*d.scope, d.name])
            if parent is not None and parent[0].kind == "namespace":
                qualified = parent[1] + sep + qualified
            if kind == "function":
                kind = "method"
        elif parent is not None:
            qualified = parent[1] + sep + d.name
            if kind == "function" and parent[0].kind in _CONTAINER_KINDS - {"namespace"}:
                kind = "method"
        else:
            qualified = d.name
        if d.kind != "namespace":
            out.append(
                Symbol(
                    name=d.name,
                    qualified_name=qualified,
                    kind=kind,
                    path=path,
                    start_line=d.start_line,
                    end_line=d.end_line,
                    language=language,
                    declaration=d.declaration,
                    start_byte=d.start_byte,
                    end_byte=d.end_byte,
                    container=qualified.rpartition(sep)[0],
                )
            )
        if (d.kind in _CONTAINER_KINDS or d.kind in FUNCTION_KINDS) and not d.declaration:
            stack.append((d, qualified))
    return tuple(out)


def _calls(
    language: LanguageName,
    source: bytes,
    matches: list[Captures],
    lines: list[bytes],
    symbols: tuple[Symbol, ...],
) -> tuple[Call, ...]:
    raw: list[tuple[int, str, str, int]] = []
    for caps in matches:
        names = caps.get("name")
        if not names:
            continue
        name_node = names[0]
        receivers = caps.get("receiver")
        receiver = node_text(source, receivers[0]) if receivers else ""
        if receivers and receivers[0].type == "qualified_identifier":
            receiver = receiver.rpartition("::")[0]
        # the same few names and receivers recur in every file: one string each, shared
        receiver = sys.intern(receiver[:80])
        name, _ = _split_name(language, node_text(source, name_node))
        raw.append((name_node.start_byte, sys.intern(name), receiver, name_node.start_point[0]))
    raw.sort()
    funcs = [
        (s.start_byte, s.end_byte, i)
        for i, s in enumerate(symbols)
        if s.kind in FUNCTION_KINDS and not s.declaration
    ]
    out: list[Call] = []
    texts: dict[int, str] = {}
    stack: list[tuple[int, int, int]] = []
    fi = 0
    for byte, name, receiver, row in raw:
        while fi < len(funcs) and funcs[fi][0] <= byte:
            while stack and stack[-1][1] < funcs[fi][0]:
                stack.pop()
            stack.append(funcs[fi])
            fi += 1
        while stack and stack[-1][1] < byte:
            stack.pop()
        caller = stack[-1][2] if stack else -1
        text = texts.get(row)
        if text is None:
            text = texts[row] = (
                lines[row].decode("utf-8", "replace").strip()[:200] if row < len(lines) else ""
            )
        out.append(Call(name=name, receiver=receiver, line=row + 1, caller=caller, text=text))
    return tuple(out)


def _imports(
    language: LanguageName, source: bytes, matches: list[Captures]
) -> tuple[tuple[Import, ...], str]:
    out: list[Import] = []
    package = ""
    for caps in matches:
        if "package" in caps:
            package = _package_name(language, node_text(source, caps["package"][0]))
            continue
        if language == "python" and "import" in caps:
            out.extend(_python_imports(source, caps["import"][0]))
        elif language in ("c", "cpp"):
            for cap, system in (("include.local", False), ("include.system", True)):
                for n in caps.get(cap, []):
                    out.append(
                        Import(
                            module=node_text(source, n).strip('"<> '),
                            line=n.start_point[0] + 1,
                            system=system,
                        )
                    )
        elif language == "java" and "import" in caps:
            out.append(_java_import(source, caps["import"][0]))
        elif "import.source" in caps:
            src = caps["import.source"][0]
            alias_nodes = caps.get("import.alias")
            alias = node_text(source, alias_nodes[0]) if alias_nodes else ""
            stmt = caps["import"][0] if "import" in caps else src
            names, bound = _js_names(source, stmt) if language != "go" else ((), "")
            out.append(
                Import(
                    module=node_text(source, src).strip("\"'`"),
                    line=src.start_point[0] + 1,
                    names=names,
                    alias=alias or bound,
                )
            )
    out.sort(key=lambda i: i.line)
    return tuple(out), package


def _package_name(language: LanguageName, text: str) -> str:
    text = text.strip().removesuffix(";").strip()
    if language == "java":
        text = text.removeprefix("package").strip()
    return text


def _python_imports(source: bytes, node: Node) -> list[Import]:
    line = node.start_point[0] + 1
    if node.type == "import_statement":
        out: list[Import] = []
        for child in node.children_by_field_name("name"):
            if child.type == "aliased_import":
                mod = child.child_by_field_name("name")
                alias = child.child_by_field_name("alias")
                out.append(
                    Import(
                        module=node_text(source, mod) if mod else "",
                        line=line,
                        alias=node_text(source, alias) if alias else "",
                    )
                )
            else:
                out.append(Import(module=node_text(source, child), line=line))
        return out
    module_node = node.child_by_field_name("module_name")
    level = 0
    module = ""
    written = node_text(source, module_node) if module_node is not None else ""
    if module_node is not None:
        if module_node.type == "relative_import":
            for child in module_node.children:
                if child.type == "import_prefix":
                    level = node_text(source, child).count(".")
                elif child.type == "dotted_name":
                    module = node_text(source, child)
        else:
            module = node_text(source, module_node)
    names: list[tuple[str, str]] = []
    for child in node.children_by_field_name("name"):
        if child.type == "aliased_import":
            n = child.child_by_field_name("name")
            a = child.child_by_field_name("alias")
            if n is not None:
                names.append((node_text(source, n), node_text(source, a) if a else node_text(source, n)))
        else:
            names.append((node_text(source, child), node_text(source, child)))
    if any(c.type == "wildcard_import" for c in node.children):
        names.append(("*", "*"))
    return [Import(module=module, line=line, names=tuple(names), level=level, written=written)]


def _java_import(source: bytes, node: Node) -> Import:
    text = node_text(source, node).strip().removeprefix("import").removesuffix(";").strip()
    text = text.removeprefix("static ").strip()
    text = "".join(text.split())
    if text.endswith(".*"):
        return Import(module=text[:-2], line=node.start_point[0] + 1, names=(("*", "*"),))
    head, _, last = text.rpartition(".")
    return Import(
        module=text, line=node.start_point[0] + 1, names=((last, last),), alias=last if head else ""
    )


def _js_names(source: bytes, stmt: Node) -> tuple[tuple[tuple[str, str], ...], str]:
    """Names bound by an ES import (``import d, {a as b} from``) or ``const x = require(...)``."""
    names: list[tuple[str, str]] = []
    bound = ""
    if stmt.type == "call_expression":
        parent = stmt.parent
        if parent is not None and parent.type == "variable_declarator":
            target = parent.child_by_field_name("name")
            if target is not None and target.type == "identifier":
                bound = node_text(source, target)
            elif target is not None and target.type == "object_pattern":
                for child in target.named_children:
                    if child.type == "shorthand_property_identifier_pattern":
                        names.append((node_text(source, child), node_text(source, child)))
                    elif child.type == "pair_pattern":
                        k = child.child_by_field_name("key")
                        v = child.child_by_field_name("value")
                        if k is not None and v is not None:
                            names.append((node_text(source, k), node_text(source, v)))
        return tuple(names), bound
    for clause in stmt.named_children:
        if clause.type not in ("import_clause", "export_clause"):
            continue
        for child in clause.named_children:
            if child.type == "identifier" and clause.type == "import_clause":
                names.append(("default", node_text(source, child)))
            elif child.type == "namespace_import":
                ids = [c for c in child.named_children if c.type == "identifier"]
                if ids:
                    bound = node_text(source, ids[0])
            elif child.type in ("named_imports", "import_specifier", "export_specifier"):
                specs = child.named_children if child.type == "named_imports" else [child]
                for spec in specs:
                    if spec.type not in ("import_specifier", "export_specifier"):
                        continue
                    n = spec.child_by_field_name("name")
                    a = spec.child_by_field_name("alias")
                    if n is not None:
                        names.append(
                            (node_text(source, n), node_text(source, a) if a else node_text(source, n))
                        )
    return tuple(names), bound
