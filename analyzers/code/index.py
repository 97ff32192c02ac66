"""The workspace index: tree-sitter summaries of every source file, parsed lazily.

One :class:`WorkspaceIndex` per workspace root. Files are read only through the
sandbox (:func:`sandbox_path`): relative paths under the root, no ``..``, no
symlinks leaving it. Each file is parsed on first use and summarised
(:mod:`.symbols`); the summary is cached by content hash and re-checked against
the file's stat, so edits on disk are noticed, and ``update_text`` overlays an
unsaved editor buffer. Workspace-wide questions (definitions by name, callers)
answer from inverted tables that single-file updates keep current. The tables are
filled lazily, name by name: a word index of the tree (one cheap regular-expression
pass over the text) says which files can define a name and which can call it, and
only those are parsed; a question that needs every name (fuzzy matches) summarises
the whole tree. Parsed trees are kept for a few recently used files only.

Thread-safe: one re-entrant lock guards the caches.
"""

from __future__ import annotations

import difflib
import hashlib
import heapq
import logging
import os
import re
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from tree_sitter import Node, Tree

from . import globs
from .languages import LanguageName, language_for, parse
from .symbols import (
    ENCLOSING_KINDS,
    FUNCTION_KINDS,
    Call,
    CallSite,
    FileSummary,
    Import,
    Symbol,
    SymbolMatch,
    parse_range,
    summarize,
)

__all__ = [
    "CallSite",
    "FileProblem",
    "Import",
    "ParsedFile",
    "Symbol",
    "SymbolMatch",
    "WorkspaceIndex",
    "sandbox_path",
]

log = logging.getLogger(__name__)

#: Directories never scanned, whatever the exclude globs say.
ALWAYS_SKIPPED = frozenset({".git", ".hg", ".svn", ".sastls"})
_PARSED_CACHE = 48
_BINARY_SNIFF = 8192
_IDENTIFIER_TYPES = ("identifier", "field_identifier", "property_identifier", "type_identifier")
_NOT_CODE = ("string", "comment", "string_content", "char_literal", "template_string")
_SELF_NAMES = frozenset({"self", "this", "cls"})
_SPLIT_QUALIFIED = re.compile(r"::|->|\.")
_WORD = re.compile(rb"[A-Za-z_][A-Za-z0-9_]*")
# Python: a superset of what the definitions and calls queries can capture. A definition is
# ``def``/``class`` NAME or a module-level ``NAME =`` / ``NAME: T =``; a call is NAME followed by
# its argument list (whitespace, line continuations and comments may sit between them).
# Possessive (``*+``): a name, the blanks and a comment are taken whole, never given back (giving
# back cannot make a match: what follows a shorter name is a name character), half the time.
_PY_DEF = re.compile(
    rb"\b(?:def|class)(?:\s|\\)+([A-Za-z_][A-Za-z0-9_]*+)|\b([A-Za-z_][A-Za-z0-9_]*+)(?:\s|\\)*+[:=]"
)
_PY_CALL = re.compile(rb"\b([A-Za-z_][A-Za-z0-9_]*+)(?:\s|\\|#[^\n]*+)*+\(")
_PLAIN_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_C_IMPL_EXT = (".c", ".cc", ".cpp", ".cxx", ".c++")
_C_FAMILY = frozenset({"c", "cpp"})
_JS_EXT = (".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts")


@dataclass(frozen=True)
class FileProblem:
    """Why a file cannot be served.

    ``code``: outside_workspace | not_found | binary | too_large | bad_request | unsupported.
    """

    code: str
    message: str


class ParsedFile:
    """One file's bytes, decoded text, lines (without line endings), tree and summary.

    ``derived`` memoises facts that analysers derive from the tree (``name -> value``): they live
    exactly as long as this parse, so an edit (a new ParsedFile) can never see stale ones.
    """

    __slots__ = ("content_hash", "derived", "language", "lines", "path", "source", "summary", "text", "tree")

    def __init__(
        self,
        path: str,
        language: LanguageName,
        source: bytes,
        *,
        tree: Tree,
        content_hash: str,
        summary: FileSummary,
    ) -> None:
        self.path = path
        self.language = language
        self.source = source
        self.text = source.decode("utf-8", "replace")
        self.lines = [ln.removesuffix("\r") for ln in self.text.split("\n")] if source else []
        self.tree = tree
        self.content_hash = content_hash
        self.summary = summary
        self.derived: dict[str, object] = {}

    def line_text(self, line: int) -> str:
        """1-based line without its ending ("" out of range)."""
        return self.lines[line - 1] if 1 <= line <= len(self.lines) else ""

    def node_text(self, node: Node) -> str:
        return self.source[node.start_byte : node.end_byte].decode("utf-8", "replace")

    def node_for(self, symbol: Symbol) -> Node | None:
        """The tree node of ``symbol`` (its definition, including decorators/wrappers).

        A definition recovered from behind a syntax error (see ``symbols._recovery_roots``) has no
        clean node in the file's tree: its byte range is parsed on its own instead.
        """
        if symbol.path != self.path or symbol.end_byte <= symbol.start_byte:
            return None
        node = self.tree.root_node.descendant_for_byte_range(symbol.start_byte, symbol.end_byte)
        while node is not None and not (
            node.start_byte <= symbol.start_byte and node.end_byte >= symbol.end_byte
        ):
            node = node.parent
        if node is None or node.type == "ERROR" or (node.has_error and node.start_byte != symbol.start_byte):
            return parse_range(self.source, self.language, symbol.start_byte, symbol.end_byte)
        return node

    def enclosing_node(self, line: int, kinds: frozenset[str] = FUNCTION_KINDS) -> Node | None:
        """The node of the innermost symbol of ``kinds`` around 1-based ``line``."""
        sym = self.summary.enclosing(line, kinds)
        return self.node_for(sym) if sym is not None else None


def sandbox_path(root: Path, rel: str) -> str | FileProblem:
    """Normalise a workspace-relative path, refusing anything that could leave ``root`` (a resolved path).

    Returns the POSIX relative path, or a :class:`FileProblem` (``outside_workspace`` / ``bad_request``).
    """
    if not isinstance(rel, str) or not rel.strip() or "\x00" in rel:
        return FileProblem("bad_request", "a workspace-relative file path is required")
    p = rel.strip().replace("\\", "/")
    if p.startswith(("/", "~")) or re.match(r"^[A-Za-z]:", p) or "://" in p:
        return FileProblem(
            "outside_workspace",
            f"absolute paths are refused: {rel!r}; give a path relative to the workspace root",
        )
    parts = [x for x in p.split("/") if x not in ("", ".")]
    if ".." in parts:
        return FileProblem(
            "outside_workspace", f"'..' is refused in {rel!r}; give a path inside the workspace"
        )
    if not parts:
        return FileProblem("bad_request", f"{rel!r} names the workspace root, not a file")
    norm = "/".join(parts)
    real = os.path.realpath(root / norm)
    base = str(root)
    if real != base and not real.startswith(base.rstrip(os.sep) + os.sep):
        return FileProblem("outside_workspace", f"{norm} resolves outside the workspace (symlink); refused")
    return norm


def _hash(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def split_qualified(name: str) -> tuple[str, list[str]]:
    """``a.b::c->d`` -> (``d``, [``a``, ``b``, ``c``]); call parentheses and generics are dropped."""
    cleaned = name.strip().split("(", 1)[0].strip()
    cleaned = re.sub(r"<[^<>]*>", "", cleaned)
    parts = [p for p in _SPLIT_QUALIFIED.split(cleaned) if p]
    if not parts:
        return "", []
    return parts[-1], parts[:-1]


class WorkspaceIndex:
    """Symbols, imports and calls of a workspace, answered from lazily parsed tree-sitter summaries."""

    def __init__(
        self, root: str | Path, *, exclude_globs: Sequence[str] = (), max_file_bytes: int = 2_000_000
    ) -> None:
        self.root = Path(os.path.realpath(root))
        self.exclude_globs: tuple[str, ...] = tuple(exclude_globs)
        self.max_file_bytes = max_file_bytes
        self._lock = threading.RLock()
        self._overlays: dict[str, bytes] = {}
        self._summaries: dict[str, FileSummary] = {}
        self._stamps: dict[str, tuple[int, int] | None] = {}
        self._parsed: OrderedDict[str, ParsedFile] = OrderedDict()
        self._files: list[str] | None = None
        self._file_set: set[str] = set()
        self._all_indexed = False
        # ("def" | "call", identifier) -> files that may define / call it (None until a by-name
        # question needs it); the (kind, name) pairs whose files are all summarised already
        self._words: dict[tuple[str, str], list[str]] | None = None
        self._named: set[tuple[str, str]] = set()
        # name -> path -> (symbols, best bare-name workspace score there): the bound that lets
        # ``definitions`` stop early on names defined thousands of times
        self._defs_by_name: dict[str, dict[str, tuple[tuple[Symbol, ...], float]]] = {}
        # fuzzy name matches per bare name; valid while the set of defined names is unchanged
        self._fuzzy_names: dict[str, dict[str, float]] = {}
        self._defs_by_container: dict[tuple[str, str], dict[str, tuple[Symbol, ...]]] = {}
        self._callers_by_name: dict[str, set[str]] = {}
        self._modules: dict[str, list[str]] | None = None
        self._by_basename: dict[str, list[str]] | None = None

    # ------------------------------------------------------------------ files

    def files(self) -> list[str]:
        """Indexable source files of the workspace (sorted, exclude globs applied)."""
        with self._lock:
            return list(self._scan())

    def excluded(self, rel: str) -> bool:
        parts = rel.split("/")
        return any(p in ALWAYS_SKIPPED for p in parts[:-1]) or globs.matches(rel, self.exclude_globs)

    def read(self, rel: str) -> tuple[str, bytes] | FileProblem:
        """(normalised path, bytes) of any file under the root, text or code; overlays win over disk."""
        norm = sandbox_path(self.root, rel)
        if isinstance(norm, FileProblem):
            return norm
        with self._lock:
            if norm in self._overlays:
                return norm, self._overlays[norm]
        return self._read_disk(norm)

    def _read_disk(self, norm: str) -> tuple[str, bytes] | FileProblem:
        full = self.root / norm
        try:
            st = full.stat()
        except OSError:
            return FileProblem("not_found", f"{norm} does not exist in the workspace")
        if not full.is_file():
            return FileProblem("not_found", f"{norm} is not a regular file")
        if st.st_size > self.max_file_bytes:
            return FileProblem(
                "too_large", f"{norm} is {st.st_size} bytes, over the {self.max_file_bytes}-byte limit"
            )
        try:
            data = full.read_bytes()
        except OSError as exc:
            return FileProblem("not_found", f"{norm} cannot be read: {exc.strerror or exc}")
        if b"\x00" in data[:_BINARY_SNIFF]:
            return FileProblem("binary", f"{norm} is a binary file")
        return norm, data

    def load(self, rel: str) -> ParsedFile | FileProblem:
        """The parsed file, or why there is none."""
        with self._lock:
            got = self._summary(rel)
            if isinstance(got, FileProblem):
                return got
            parsed = self._parsed.get(got.path)
            if parsed is not None and parsed.content_hash == got.content_hash:
                self._parsed.move_to_end(got.path)
                return parsed
            data = self.read(got.path)
            if isinstance(data, FileProblem):
                return data
            return self._parse(got.path, data[1], got.language)

    def file(self, rel: str) -> ParsedFile | None:
        got = self.load(rel)
        return got if isinstance(got, ParsedFile) else None

    def parsed_now(self, rel: str) -> ParsedFile | None:
        """The parsed file when it is among the recently parsed ones and still current (its stat
        is checked, as ``load`` does), else None: never parses."""
        with self._lock:
            parsed = self._parsed.get(rel)
            if parsed is None:
                return None
            got = self._summary(rel)
            if isinstance(got, FileSummary) and got.content_hash == parsed.content_hash:
                return parsed
            return None

    def summary(self, rel: str) -> FileSummary | None:
        with self._lock:
            got = self._summary(rel)
            return got if isinstance(got, FileSummary) else None

    def symbols(self, rel: str) -> tuple[Symbol, ...]:
        s = self.summary(rel)
        return s.symbols if s is not None else ()

    def imports(self, rel: str) -> tuple[Import, ...]:
        s = self.summary(rel)
        return s.imports if s is not None else ()

    def update_text(self, rel: str, text: str) -> None:
        """Overlay an unsaved editor buffer; it wins over the disk until ``invalidate``."""
        norm = sandbox_path(self.root, rel)
        if isinstance(norm, FileProblem):
            log.debug("update_text ignored for %s: %s", rel, norm.message)
            return
        with self._lock:
            self._overlays[norm] = text.encode("utf-8", "surrogateescape")
            self._stamps.pop(norm, None)
            self._summary(norm)
            self._add_file(norm)

    def invalidate(self, rel: str) -> None:
        """The file changed on disk (or was closed in the editor): drop overlays and caches for it."""
        norm = sandbox_path(self.root, rel)
        if isinstance(norm, FileProblem):
            return
        with self._lock:
            self._overlays.pop(norm, None)
            self._stamps.pop(norm, None)
            self._parsed.pop(norm, None)
            got = self._summary(norm)
            if isinstance(got, FileProblem):
                self._drop(norm)
            else:
                self._add_file(norm)

    def refresh(self) -> None:
        """Rescan the tree: picks up files added, removed or changed on disk without notice."""
        with self._lock:
            self._files = None
            self._modules = None
            self._by_basename = None
            old = set(self._summaries)
            current = set(self._scan())
            for rel in old - current - set(self._overlays):
                self._drop(rel)
            self._words = None
            self._named.clear()
            for rel in self._scan() if self._all_indexed else list(self._summaries):
                self._summary(rel)

    def build(self) -> int:
        """Summarise every file now (else done on the first workspace-wide question); returns the count."""
        with self._lock:
            self._ensure_all()
            return len(self._summaries)

    # ---------------------------------------------------------------- queries

    def enclosing(self, rel: str, line: int) -> Symbol | None:
        """Innermost function, method or class around 1-based ``line``."""
        s = self.summary(rel)
        return s.enclosing(line, ENCLOSING_KINDS) if s is not None else None

    def enclosing_function(self, rel: str, line: int) -> Symbol | None:
        """Innermost function or method around ``line`` (no classes)."""
        s = self.summary(rel)
        return s.enclosing(line, FUNCTION_KINDS) if s is not None else None

    def function_node(self, rel: str, line: int) -> tuple[ParsedFile, Node] | None:
        """The parsed file and the tree node of the innermost function around ``line`` (for dataflow)."""
        parsed = self.file(rel)
        if parsed is None:
            return None
        node = parsed.enclosing_node(line, FUNCTION_KINDS)
        return (parsed, node) if node is not None else None

    def calls_in(self, symbol: Symbol) -> list[Call]:
        """Calls made directly or in nested code within ``symbol``'s range."""
        s = self.summary(symbol.path)
        if s is None:
            return []
        return [c for c in s.calls if symbol.start_line <= c.line <= symbol.end_line]

    def definitions(
        self,
        name: str,
        *,
        from_path: str | None = None,
        line: int | None = None,
        limit: int = 5,
        fuzzy: bool = True,
    ) -> list[SymbolMatch]:
        """Definitions of ``name``, best first: bare or qualified (``obj.m``, ``Class::m``, ``pkg.func``).

        Strategies, strongest first: ``same_file`` (the file where the name was seen), ``import``
        (what that file imports or includes), ``workspace`` (any file, ranked by qualifier and
        proximity), ``fuzzy`` (near spellings of the bare name, only when nothing else matched and
        ``fuzzy`` is on: the one strategy that needs every file of the workspace summarised).
        """
        bare, qual = split_qualified(name)
        if not bare:
            return []
        with self._lock:
            found: dict[tuple[str, int, str], SymbolMatch] = {}

            def add(sym: Symbol, strategy: str, score: float) -> None:
                key = (sym.path, sym.start_byte, sym.qualified_name)
                prev = found.get(key)
                if prev is None or prev.score < score:
                    found[key] = SymbolMatch(sym, strategy, round(score, 4))

            origin = self._summary(from_path) if from_path else None
            if isinstance(origin, FileProblem):
                origin = None
            if qual and qual[-1] in _SELF_NAMES and origin is not None and line is not None:
                cls = origin.enclosing(line, frozenset({"class", "struct", "interface"}))
                qual = _SPLIT_QUALIFIED.split(cls.qualified_name) if cls is not None else []
            if origin is not None:
                scopes = {s.qualified_name: s for s in origin.symbols} if line is not None else {}
                for sym in origin.symbols:
                    if sym.name == bare:
                        fit = self._fit(sym, qual, line) * _visible(sym, line, scopes)
                        add(sym, "same_file", fit - self._decl_penalty(sym))
                for sym, score, rest in self._imported(origin, bare, qual):
                    add(sym, "import", score * self._fit(sym, rest, None) - self._decl_penalty(sym))
            self._ensure_named(bare, "def")
            for sym, score in self._workspace(bare, qual, origin, max(limit, 0) + len(found)):
                add(sym, "workspace", score)
            if not found and fuzzy:
                self._ensure_all()
                for sym, ratio in self._fuzzy(bare):
                    add(sym, "fuzzy", 0.3 * ratio * self._fit(sym, qual, None))
            ranked = sorted(found.values(), key=lambda m: (-m.score, m.symbol.path, m.symbol.start_line))
            return ranked[: max(limit, 0)]

    def _workspace(
        self, bare: str, qual: list[str], origin: FileSummary | None, k: int
    ) -> list[tuple[Symbol, float]]:
        """The ``k`` best workspace definitions of ``bare`` (and any that tie with them).

        Paths are visited best bound first (proximity and language bonus plus the best score any
        symbol there can reach) and the walk stops once the bound cannot beat the k-th best score.
        A qualifier first pulls the symbols whose container or module matches it from their own
        tables; everything else can then score at most ``0.6 * 0.75``.
        """
        entries = self._defs_by_name.get(bare)
        if not entries or k <= 0:
            return []
        odir = origin.path.split("/")[:-1] if origin is not None else None
        olang = origin.language if origin is not None else None

        def bonus(path: str, language: str) -> float:
            if odir is None:
                return 0.0
            extra = 0.05 * _proximity_parts(odir, path)
            if language == olang or (language in _C_FAMILY and olang in _C_FAMILY):
                extra += 0.03
            return extra

        out: list[tuple[Symbol, float]] = []
        top: list[float] = []  # min-heap of the k best scores so far

        def push(sym: Symbol, score: float) -> None:
            out.append((sym, score))
            heapq.heappush(top, score)
            if len(top) > k:
                heapq.heappop(top)

        precise: set[tuple[str, int]] = set()
        if qual:
            hits: dict[str, tuple[Symbol, ...]] = {}
            for i in range(len(qual)):  # the longest qualifier suffix that names a scope
                hits = dict(self._defs_by_container.get((".".join(qual[i:]), bare), {}))
                if hits:
                    break
            for path in self._module_map().get(".".join(qual), []) if not odir or olang == "python" else []:
                if path in entries:
                    hits[path] = entries[path][0]
            for path, syms in hits.items():
                extra = bonus(path, syms[0].language)
                for sym in syms:
                    precise.add((path, sym.start_byte))
                    push(sym, 0.6 * self._fit(sym, qual, None) - self._decl_penalty(sym) + extra)
        order = sorted(
            (-((0.6 * 0.75 if qual else best) + bonus(path, syms[0].language)), path)
            for path, (syms, best) in entries.items()
        )
        for neg_bound, path in order:
            if len(top) >= k and -neg_bound <= top[0]:
                break
            syms = entries[path][0]
            extra = bonus(path, syms[0].language)
            for sym in syms:
                if (path, sym.start_byte) in precise:
                    continue
                push(sym, 0.6 * self._fit(sym, qual, None) - self._decl_penalty(sym) + extra)
        return out

    def callers(self, name: str, *, limit: int = 20) -> list[CallSite]:
        """Call sites of ``name`` across the workspace; receivers matching a qualifier come first."""
        bare, qual = split_qualified(name)
        if not bare:
            return []
        with self._lock:
            self._ensure_named(bare, "call")
            want = max(limit, 0)
            first: list[CallSite] = []
            later: list[CallSite] = []
            for path in sorted(self._callers_by_name.get(bare, ())):
                s = self._summaries.get(path)
                if s is None:
                    continue
                for c in s.calls_to(bare):
                    caller = s.symbols[c.caller] if c.caller >= 0 else None
                    if not qual or _receiver_fits(c.receiver, qual, caller):
                        first.append(CallSite(path=path, line=c.line, caller=caller, text=c.text))
                        if len(first) >= want:
                            return first
                    elif len(later) < want:
                        later.append(CallSite(path=path, line=c.line, caller=caller, text=c.text))
            return (first + later)[:want]

    def references(self, rel: str, line: int, name: str) -> list[int]:
        """Lines (1-based, sorted) where ``name`` (an identifier or a dotted access such as ``self.x``)
        occurs as code within the function enclosing ``line`` (the whole file at module level)."""
        parsed = self.file(rel)
        if parsed is None or not name.strip():
            return []
        sym = parsed.summary.enclosing(line, FUNCTION_KINDS)
        lo, hi = (sym.start_byte, sym.end_byte) if sym is not None else (0, len(parsed.source))
        needle = name.strip().encode("utf-8")
        pattern = re.compile(rb"(?<![\w$])" + re.escape(needle) + rb"(?![\w$])")
        root = parsed.tree.root_node
        lines: set[int] = set()
        for m in pattern.finditer(parsed.source, lo, hi):
            node = root.named_descendant_for_byte_range(m.start(), m.end())
            if node is None or _in_non_code(node):
                continue
            if node.type.endswith(_IDENTIFIER_TYPES) or parsed.node_text(node) == name.strip():
                lines.add(node.start_point[0] + 1)
        return sorted(lines)

    # --------------------------------------------------------------- internals

    def _scan(self) -> list[str]:
        if self._files is None:
            found: list[str] = []
            base = str(self.root)
            for dirpath, dirnames, filenames in os.walk(base, followlinks=False):
                rel_dir = os.path.relpath(dirpath, base).replace(os.sep, "/")
                rel_dir = "" if rel_dir == "." else rel_dir
                keep = []
                for d in sorted(dirnames):
                    rd = f"{rel_dir}/{d}" if rel_dir else d
                    if d in ALWAYS_SKIPPED or globs.dir_excluded(rd, self.exclude_globs):
                        continue
                    keep.append(d)
                dirnames[:] = keep
                for fn in filenames:
                    if language_for(fn) is None:
                        continue
                    rel = f"{rel_dir}/{fn}" if rel_dir else fn
                    if globs.matches(rel, self.exclude_globs):
                        continue
                    full = os.path.join(dirpath, fn)
                    if os.path.islink(full) and isinstance(sandbox_path(self.root, rel), FileProblem):
                        continue
                    found.append(rel)
            found.sort()
            self._files = found
            self._file_set = set(found)
            self._modules = None
            self._by_basename = None
        return self._files

    def _add_file(self, norm: str) -> None:
        files = self._scan()
        if norm not in self._file_set and language_for(norm) is not None and not self.excluded(norm):
            files.append(norm)
            files.sort()
            self._file_set.add(norm)
            self._modules = None
            self._by_basename = None

    def _drop(self, norm: str) -> None:
        old = self._summaries.pop(norm, None)
        if old is not None:
            self._unregister(old)
        self._stamps.pop(norm, None)
        self._parsed.pop(norm, None)
        if self._files is not None and norm in self._file_set and norm not in self._overlays:
            self._files.remove(norm)
            self._file_set.discard(norm)
            self._modules = None
            self._by_basename = None

    def _ensure_all(self) -> None:
        if self._all_indexed:
            return
        for rel in list(self._scan()):
            got = self._summary(rel)
            if isinstance(got, FileProblem) and got.code == "not_found":
                self._drop(rel)
        self._all_indexed = True
        self._words = None  # every file is summarised: the word index has served

    def _ensure_named(self, bare: str, kind: str) -> None:
        """Summarise every file that can define (``kind`` "def") or call ("call") ``bare``.

        Python files are picked by what their text can parse to (``_PY_DEF`` / ``_PY_CALL``), files
        of other languages by the word alone: a superset either way, so the tables then answer for
        ``bare`` exactly as if the whole tree were summarised. Names that are not plain ASCII
        identifiers (``operator==``, ``$el``, non-ASCII) summarise everything.
        """
        if self._all_indexed or (kind, bare) in self._named:
            return
        if not _PLAIN_NAME.fullmatch(bare):
            self._ensure_all()
            return
        for rel in self._word_index().get((kind, bare), ()):
            if rel in self._summaries:
                continue
            got = self._summary(rel)
            if isinstance(got, FileProblem) and got.code == "not_found":
                self._drop(rel)
        self._named.add((kind, bare))

    def word_index(self) -> dict[tuple[str, str], list[str]]:
        """(``"def"`` | ``"call"``, identifier) -> the files that may define or call it (built once:
        one regular-expression pass over every file). Another index of the same tree can adopt it."""
        with self._lock:
            return self._word_index()

    def adopt_word_index(self, words: dict[tuple[str, str], list[str]]) -> None:
        """Use ``words``, built by another index of the same files (``word_index``), instead of
        reading the whole tree again; ignored once this index has its own or has summarised everything."""
        with self._lock:
            if self._words is None and not self._all_indexed and not self._overlays:
                self._words = words

    def word_index_part(self, part: int, parts: int) -> dict[tuple[str, str], list[str]]:
        """The word index of the ``part``-th of ``parts`` consecutive slices of the files: the
        parts of one tree, joined in order by :func:`join_word_index`, are its ``word_index``
        (so processes can share the work of building it)."""
        with self._lock:
            files = self._scan()
            n = len(files)
            return self._words_of(files[part * n // parts : (part + 1) * n // parts])

    def _word_index(self) -> dict[tuple[str, str], list[str]]:
        """(kind, identifier) -> the files (of ``_scan``) that may define or call it; built once."""
        if self._words is None:
            self._words = self._words_of(self._scan())
        return self._words

    def _words_of(self, files: Sequence[str]) -> dict[tuple[str, str], list[str]]:
        words: dict[tuple[str, str], list[str]] = {}
        for rel in files:
            data = self._overlays.get(rel)
            if data is None:
                got = self._read_disk(rel)
                if isinstance(got, FileProblem):
                    continue
                data = got[1]
            if language_for(rel, data) == "python":
                defs = {a or b for a, b in _PY_DEF.findall(data)}
                calls = set(_PY_CALL.findall(data))
            else:
                defs = calls = set(_WORD.findall(data))
            for w in defs:
                words.setdefault(("def", w.decode("ascii")), []).append(rel)
            for w in calls:
                words.setdefault(("call", w.decode("ascii")), []).append(rel)
        return words

    def _summary(self, rel: str | None) -> FileSummary | FileProblem:
        if rel is None:
            return FileProblem("bad_request", "no path")
        # a path already summarised is a checked, normalised path: the sandbox check (a realpath,
        # the dearest part of a cache hit) is repeated below only when the file must be read again
        checked = rel not in self._summaries
        norm = sandbox_path(self.root, rel) if checked else rel
        if isinstance(norm, FileProblem):
            return norm
        cached = self._summaries.get(norm)
        stamp: tuple[int, int] | None = None
        overlay = self._overlays.get(norm)
        if overlay is not None:
            data = overlay
        else:
            try:
                st = (self.root / norm).stat()
                stamp = (st.st_mtime_ns, st.st_size)
            except OSError:
                stamp = None
            if cached is not None and stamp is not None and self._stamps.get(norm) == stamp:
                return cached
            if not checked:
                again = sandbox_path(self.root, norm)
                if isinstance(again, FileProblem):
                    self._drop(norm)
                    return again
            got = self._read_disk(norm)
            if isinstance(got, FileProblem):
                if cached is not None:
                    self._drop(norm)
                return got
            data = got[1]
        language = language_for(norm, data)
        if language is None:
            return FileProblem("unsupported", f"{norm} is not in a supported language")
        digest = _hash(data)
        if overlay is None:
            self._stamps[norm] = stamp
        if cached is not None and cached.content_hash == digest and cached.language == language:
            return cached
        return self._parse(norm, data, language, digest).summary

    def _parse(self, norm: str, data: bytes, language: LanguageName, digest: str | None = None) -> ParsedFile:
        digest = digest or _hash(data)
        tree = parse(data, language)
        cached = self._summaries.get(norm)
        if cached is not None and cached.content_hash == digest and cached.language == language:
            summary = cached
        else:
            summary = summarize(norm, language, data, tree, digest)
            if cached is not None:
                self._unregister(cached)
            self._summaries[norm] = summary
            self._register(summary)
        parsed = ParsedFile(norm, language, data, tree=tree, content_hash=digest, summary=summary)
        self._parsed[norm] = parsed
        self._parsed.move_to_end(norm)
        while len(self._parsed) > _PARSED_CACHE:
            self._parsed.popitem(last=False)
        return parsed

    def _register(self, s: FileSummary) -> None:
        by_name: dict[str, list[Symbol]] = {}
        by_container: dict[tuple[str, str], list[Symbol]] = {}
        for sym in s.symbols:
            by_name.setdefault(sym.name, []).append(sym)
            for suffix in _scope_suffixes(sym.container):
                by_container.setdefault((suffix, sym.name), []).append(sym)
        for name, syms in by_name.items():
            if name not in self._defs_by_name:
                self._fuzzy_names.clear()
            best = max(0.6 * (0.95 if x.kind == "method" else 1.0) - self._decl_penalty(x) for x in syms)
            self._defs_by_name.setdefault(name, {})[s.path] = (tuple(syms), best)
        for key, syms in by_container.items():
            self._defs_by_container.setdefault(key, {})[s.path] = tuple(syms)
        for c in s.calls:
            self._callers_by_name.setdefault(c.name, set()).add(s.path)

    def _unregister(self, s: FileSummary) -> None:
        for sym in s.symbols:
            entry = self._defs_by_name.get(sym.name)
            if entry is not None:
                entry.pop(s.path, None)
                if not entry:
                    del self._defs_by_name[sym.name]
                    self._fuzzy_names.clear()
            for suffix in _scope_suffixes(sym.container):
                key = (suffix, sym.name)
                by_path = self._defs_by_container.get(key)
                if by_path is not None:
                    by_path.pop(s.path, None)
                    if not by_path:
                        del self._defs_by_container[key]
        for c in s.calls:
            paths = self._callers_by_name.get(c.name)
            if paths is not None:
                paths.discard(s.path)
                if not paths:
                    del self._callers_by_name[c.name]

    # ------------------------------------------------------------- resolution

    @staticmethod
    def _decl_penalty(sym: Symbol) -> float:
        return 0.1 if sym.declaration else 0.0

    def _fit(self, sym: Symbol, qual: list[str], line: int | None) -> float:
        """1.0 when ``sym`` fits the qualifier, lower when it does not; without a qualifier and a
        ``line`` to anchor it, methods rank just below free functions."""
        score = 1.0
        if qual:
            container = [p for p in _SPLIT_QUALIFIED.split(sym.container) if p]
            fits = bool(container) and (
                container[-len(qual) :] == qual[-len(container) :] or container[-1] == qual[-1]
            )
            if not fits and not _module_matches(sym, qual):
                # ``obj.name`` with an unknown ``obj`` (a variable): most likely a method
                score = 0.75 if sym.kind == "method" else 0.3
        elif sym.kind == "method" and line is None:
            score = 0.95  # a bare name prefers free functions when nothing else decides
        return score

    def _imported(
        self, origin: FileSummary, bare: str, qual: list[str]
    ) -> list[tuple[Symbol, float, list[str]]]:
        """Definitions reachable through ``origin``'s imports, with the qualifier left to match
        (empty when the qualifier was the imported module's local name)."""
        out: list[tuple[Symbol, float, list[str]]] = []
        lang = origin.language
        if lang == "python":
            out.extend(self._python_imported(origin, bare, qual, depth=0))
        elif lang in ("c", "cpp"):
            for path in self._include_closure(origin.path, origin.imports):
                out.extend((sym, 0.9, qual) for sym in self._defs_in(path, bare))
        elif lang in ("javascript", "typescript", "tsx"):
            for imp in origin.imports:
                target = self._resolve_js(origin.path, imp.module)
                if target is None:
                    continue
                wanted = [orig for orig, alias in imp.names if alias == bare]
                via_module = bool(imp.alias and qual and qual[0] == imp.alias)
                if via_module or wanted:
                    rest = qual[1:] if via_module else qual
                    names = {bare} | {w for w in wanted if w != "default"}
                    for n in names:
                        out.extend((sym, 0.9, rest) for sym in self._defs_in(target, n))
        elif lang == "java":
            same_pkg = [
                p for p in self._scan() if PurePosixPath(p).parent == PurePosixPath(origin.path).parent
            ]
            heads = {bare, *qual[:1]}
            for imp in origin.imports:
                suffix = imp.module.replace(".", "/")
                cands = [
                    p
                    for p in self._scan()
                    if p.endswith(suffix + ".java")
                    or (imp.names == (("*", "*"),) and PurePosixPath(p).parent.as_posix().endswith(suffix))
                ]
                if imp.alias in heads or imp.names == (("*", "*"),):
                    for p in cands:
                        out.extend((sym, 0.9, qual) for sym in self._defs_in(p, bare))
            for p in same_pkg:
                if p != origin.path and p.endswith(".java"):
                    out.extend((sym, 0.85, qual) for sym in self._defs_in(p, bare))
        elif lang == "go":
            origin_dir = PurePosixPath(origin.path).parent
            for p in self._scan():
                if (
                    p.endswith(".go")
                    and p != origin.path
                    and PurePosixPath(p).parent == origin_dir
                    and not qual
                ):
                    out.extend((sym, 0.85, qual) for sym in self._defs_in(p, bare))
            for imp in origin.imports:
                local = imp.alias or imp.module.rstrip("/").rsplit("/", 1)[-1]
                if qual and qual[0] == local:
                    for p in self._go_package_files(imp.module):
                        out.extend((sym, 0.9, qual[1:]) for sym in self._defs_in(p, bare))
        return out

    def _defs_in(self, path: str, name: str) -> list[Symbol]:
        s = self._summary(path)
        if isinstance(s, FileProblem):
            return []
        return [sym for sym in s.symbols if sym.name == name]

    def _python_imported(
        self, origin: FileSummary, bare: str, qual: list[str], depth: int
    ) -> list[tuple[Symbol, float, list[str]]]:
        out: list[tuple[Symbol, float, list[str]]] = []
        score = 0.9 - 0.05 * depth
        for imp in origin.imports:
            if imp.names:
                for orig, alias in imp.names:
                    if orig == "*":
                        for path in self._python_module_files(origin.path, imp.module, imp.level):
                            out.extend((sym, score - 0.05, qual) for sym in self._defs_in(path, bare))
                        continue
                    if not qual and alias == bare:
                        for path in self._python_module_files(origin.path, imp.module, imp.level):
                            syms = self._defs_in(path, orig)
                            out.extend((sym, score, qual) for sym in syms)
                            if not syms and depth < 3:  # re-exported (``from .x import name`` in __init__)
                                sub = self._summary(path)
                                if isinstance(sub, FileSummary):
                                    out.extend(self._python_imported(sub, orig, [], depth + 1))
                    elif qual and alias == qual[0]:
                        # ``from pkg import mod`` then ``mod.func`` (or a class: ``Cls.method``)
                        sub_module = f"{imp.module}.{orig}" if imp.module else orig
                        for path in self._python_module_files(origin.path, sub_module, imp.level):
                            out.extend((sym, score, qual[1:]) for sym in self._defs_in(path, bare))
                        for path in self._python_module_files(origin.path, imp.module, imp.level):
                            out.extend(
                                (sym, score, qual)
                                for sym in self._defs_in(path, bare)
                                if sym.container.endswith(orig)
                            )
            elif qual:
                # ``import a.b [as x]`` then ``a.b.f`` / ``x.f`` / ``x.Cls.m`` / ``x.sub.f``
                if imp.alias:
                    if imp.alias != qual[0]:
                        continue
                    rest = qual[1:]
                elif imp.module.split(".")[0] == qual[0] and ".".join(qual).startswith(imp.module):
                    rest = qual[len(imp.module.split(".")) :]
                else:
                    continue
                for split in range(len(rest) + 1):
                    module = ".".join([imp.module, *rest[:split]])
                    for path in self._python_module_files(origin.path, module, 0):
                        out.extend((sym, score, rest[split:]) for sym in self._defs_in(path, bare))
        return out

    def _module_map(self) -> dict[str, list[str]]:
        if self._modules is None:
            modules: dict[str, list[str]] = {}
            for rel in self._scan():
                if not rel.endswith((".py", ".pyi")):
                    continue
                parts = rel.rsplit(".", 1)[0].split("/")
                if parts[-1] == "__init__":
                    parts = parts[:-1]
                for i in range(len(parts)):
                    modules.setdefault(".".join(parts[i:]), []).append(rel)
            self._modules = modules
        return self._modules

    def _python_module_files(self, from_path: str, module: str, level: int) -> list[str]:
        self._scan()
        if level > 0:
            base = PurePosixPath(from_path).parent
            for _ in range(level - 1):
                base = base.parent
            sub = module.replace(".", "/") if module else ""
            stem = (base / sub).as_posix() if sub else base.as_posix()
            stem = "" if stem == "." else stem
            cands = (
                [f"{stem}.py", f"{stem}/__init__.py"]
                if sub
                else [f"{stem}/__init__.py" if stem else "__init__.py"]
            )
            return [
                c.lstrip("/")
                for c in cands
                if c.lstrip("/") in self._file_set or c.lstrip("/") in self._overlays
            ]
        self._scan()
        hits = self._module_map().get(module, [])
        exact = [h for h in hits if h.rsplit(".", 1)[0].removesuffix("/__init__").replace("/", ".") == module]
        rest = sorted((h for h in hits if h not in exact), key=lambda h: -_proximity(from_path, h))
        return exact + rest

    def _basenames(self) -> dict[str, list[str]]:
        if self._by_basename is None:
            table: dict[str, list[str]] = {}
            for rel in self._scan():
                table.setdefault(rel.rsplit("/", 1)[-1], []).append(rel)
            self._by_basename = table
        return self._by_basename

    def _resolve_include(self, from_path: str, include: str) -> list[str]:
        self._scan()
        here = PurePosixPath(from_path).parent
        direct = os.path.normpath((here / include).as_posix()).replace(os.sep, "/")
        if not direct.startswith("..") and direct in self._file_set:
            return [direct]
        base = include.rsplit("/", 1)[-1]
        cands = [p for p in self._basenames().get(base, []) if p == include or p.endswith("/" + include)]
        return sorted(cands, key=lambda p: -_proximity(from_path, p))[:3]

    def _include_closure(self, from_path: str, imports: Iterable[Import]) -> list[str]:
        """Headers included (two levels deep) plus their implementation files (same stem)."""
        seen: list[str] = []
        frontier = [(from_path, list(imports))]
        for _ in range(2):
            nxt: list[tuple[str, list[Import]]] = []
            for path, imps in frontier:
                for imp in imps:
                    for header in self._resolve_include(path, imp.module):
                        if header in seen or header == from_path:
                            continue
                        seen.append(header)
                        s = self._summary(header)
                        if isinstance(s, FileSummary):
                            nxt.append((header, list(s.imports)))
            frontier = nxt
        impls: list[str] = []
        for header in seen:
            stem = header.rsplit("/", 1)[-1].rsplit(".", 1)[0]
            for ext in _C_IMPL_EXT:
                for p in self._basenames().get(stem + ext, []):
                    if p != from_path and p not in seen and p not in impls:
                        impls.append(p)
        return seen + impls

    def _resolve_js(self, from_path: str, spec: str) -> str | None:
        self._scan()
        if not spec.startswith("."):
            return None
        base = os.path.normpath((PurePosixPath(from_path).parent / spec).as_posix()).replace(os.sep, "/")
        if base.startswith(".."):
            return None
        cands = [base] + [base + e for e in _JS_EXT] + [f"{base}/index{e}" for e in _JS_EXT]
        if base.endswith((".js", ".jsx", ".mjs")):
            stem = base.rsplit(".", 1)[0]
            cands += [stem + ".ts", stem + ".tsx"]
        for c in cands:
            if c in self._file_set or c in self._overlays:
                return c
        return None

    def _go_package_files(self, import_path: str) -> list[str]:
        parts = import_path.strip("/").split("/")
        out: list[str] = []
        for p in self._scan():
            if not p.endswith(".go"):
                continue
            d = PurePosixPath(p).parent.as_posix().split("/")
            for k in range(min(len(parts), len(d)), 0, -1):
                if d[-k:] == parts[-k:]:
                    out.append(p)
                    break
        return out

    def _fuzzy(self, bare: str) -> list[tuple[Symbol, float]]:
        ratios = self._fuzzy_names.get(bare)
        if ratios is None:
            names = list(self._defs_by_name)
            norm = bare.replace("_", "").lower()
            ratios = {n: 1.0 for n in names if n.replace("_", "").lower() == norm}
            if len(ratios) < 5:
                for n in difflib.get_close_matches(bare, names, n=5, cutoff=0.75):
                    ratios.setdefault(n, difflib.SequenceMatcher(None, bare, n).ratio())
            self._fuzzy_names[bare] = ratios
        out: list[tuple[Symbol, float]] = []
        for n, r in ratios.items():
            for syms, _best in self._defs_by_name.get(n, {}).values():
                out.extend((sym, r) for sym in syms)
        return out


_EMPTY = FileSummary("", "python", "", (), (), (), "", 0)


def join_word_index(parts: Sequence[dict[tuple[str, str], list[str]]]) -> dict[tuple[str, str], list[str]]:
    """``WorkspaceIndex.word_index`` from its parts (``word_index_part`` 0..n-1, in order)."""
    out: dict[tuple[str, str], list[str]] = {}
    for part in parts:
        for key, files in part.items():
            have = out.get(key)
            if have is None:
                out[key] = list(files)
            else:
                have.extend(files)
    return out


def _scope_suffixes(container: str) -> list[str]:
    """``geo::Circle`` -> [``Circle``, ``geo.Circle``]: the keys a qualifier can name a scope by."""
    if not container:
        return []
    parts = [p for p in _SPLIT_QUALIFIED.split(container) if p]
    return [".".join(parts[i:]) for i in range(len(parts) - 1, -1, -1)]


def _proximity_parts(adir: list[str], b: str) -> float:
    """``_proximity`` with the first path's directory already split (the hot loop of ``_workspace``)."""
    bdir = b.split("/")[:-1]
    if not adir and not bdir:
        return 1.0
    common = 0
    for x, y in zip(adir, bdir, strict=False):
        if x != y:
            break
        common += 1
    return common / max(len(adir), len(bdir), 1)


def _proximity(a: str, b: str) -> float:
    """0..1: how much of the directory path two files share."""
    pa = PurePosixPath(a).parent.parts
    pb = PurePosixPath(b).parent.parts
    common = 0
    for x, y in zip(pa, pb, strict=False):
        if x != y:
            break
        common += 1
    return common / max(len(pa), len(pb), 1) if (pa or pb) else 1.0


def _visible(sym: Symbol, line: int | None, scopes: dict[str, Symbol]) -> float:
    """1.0, or 0.85 for a definition nested in a function that does not contain ``line``."""
    if line is None or not sym.container:
        return 1.0
    outer = scopes.get(sym.container)
    if outer is not None and outer.kind in FUNCTION_KINDS and not outer.start_line <= line <= outer.end_line:
        return 0.85
    return 1.0


def _module_matches(sym: Symbol, qual: list[str]) -> bool:
    """``pkg.func`` / ``pkg.mod.func``: the qualifier names the symbol's module path or directory."""
    stem = sym.path.rsplit(".", 1)[0].removesuffix("/__init__").split("/")
    k = len(qual)
    return stem[-k:] == qual or (len(stem) > 1 and stem[-k - 1 : -1] == qual)


def _receiver_fits(receiver: str, qual: list[str], caller: Symbol | None) -> bool:
    """Does a call's receiver agree with the qualifier of ``Class.method`` / ``scope.func``?"""
    want = qual[-1]
    if not receiver:  # a bare call fits a nested function called from its own scope
        return caller is not None and (
            caller.qualified_name.endswith(want) or caller.container.endswith(want)
        )
    last = _SPLIT_QUALIFIED.split(receiver)[-1]
    if last in _SELF_NAMES:
        return caller is not None and caller.container.endswith(want)
    # ``database.query()`` for ``Database.query``: a variable named after its class counts
    return last.replace("_", "").lower() == want.replace("_", "").lower() or receiver.endswith(want)


def _in_non_code(node: Node) -> bool:
    cur: Node | None = node
    for _ in range(4):
        if cur is None:
            return False
        if cur.type in _NOT_CODE or cur.type.endswith("comment"):
            return True
        cur = cur.parent
    return False
