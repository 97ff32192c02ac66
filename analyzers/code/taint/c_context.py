"""The context of one C judgement (the finding, its parsed file, the index, macros) and the
outcomes every family shares."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tree_sitter import Node

from ...findings.model import Finding
from .c_tree import callee_of, line_of
from .outcome import Outcome
from .values import Note

if TYPE_CHECKING:
    from ..index import ParsedFile, WorkspaceIndex


@dataclass
class Ctx:
    finding: Finding
    parsed: ParsedFile
    index: WorkspaceIndex
    macros: dict[str, str]
    # bytes a parameter points to, when judging a callee with what one call passes it
    bindings: dict[str, int] = field(default_factory=dict)
    # names known not to be macros (each lookup asks the index)
    not_macros: set[str] = field(default_factory=set)
    # facts about whole functions shared by the findings of one batch over unchanged files (Judge)
    memo: dict[tuple[object, ...], object] = field(default_factory=dict)
    # (declared static, its calls) of a function of this file, by its start byte (None: address taken)
    call_sites: dict[int, tuple[bool, list[Node]] | None] = field(default_factory=dict)
    # how deep the quietness of callees is being followed (c_callers)
    quiet_depth: int = 0
    # values of the callee's other parameters (never changed in it) at the call being followed
    values: dict[str, int] = field(default_factory=dict)

    @property
    def path(self) -> str:
        return self.parsed.path

    def unbound(self) -> Ctx:
        """This context without ``bindings`` (to judge another function of the file, whose names
        are not the parameters bound here)."""
        if not self.bindings and not self.values:
            return self
        return Ctx(
            self.finding,
            self.parsed,
            self.index,
            self.macros,
            {},
            self.not_macros,
            memo=self.memo,
            call_sites=self.call_sites,
            quiet_depth=self.quiet_depth,
        )

    def ambiguous(self, name: str) -> bool:
        """The macro ``name`` is defined more than one way in this file (``#ifdef`` branches: which
        value a build sees is not known), or in the header that defines it."""
        return len(self.macro_values(name)) > 1

    def macro_values(self, name: str) -> set[str]:
        """Every value the ``#define`` lines of ``name`` give it, in this file or else in the header
        that defines it."""
        here = self._ways(self.parsed).get(name)
        if here:
            return here  # (self.macros also caches the headers' macros: it does not tell where one is)
        try:
            matches = self.index.definitions(name, from_path=self.path, limit=3, fuzzy=False)
        except Exception:
            return set()
        for m in matches:
            if m.strategy in {"same_file", "import"} and m.symbol.kind == "macro":
                other = self.index.file(m.symbol.path)
                if other is not None and self._ways(other).get(name):
                    return self._ways(other)[name]
        return set()

    def _ways(self, parsed: ParsedFile) -> dict[str, set[str]]:
        key = ("macro-ways", parsed.path, parsed.content_hash)
        got = self.memo.get(key)
        if got is None:
            got = _macro_ways(parsed.tree.root_node)
            self.memo[key] = got
        return got  # type: ignore[return-value]

    def note(self, node: Node, why: str, role: str) -> Note:
        return Note(self.path, line_of(node), node.end_point[0] + 1, why, role)  # type: ignore[arg-type]

    def callee(self, call: Node) -> str:
        """The function a call names, through a file macro that only renames a function
        (``#define SNPRINTF snprintf``, here or in an included header; in this file, the last definition,
        the one a non-Windows build sees after ``#ifdef _WIN32 ... #else``)."""
        name = callee_of(call)
        value = self.macro(name) if name else None
        if value is not None and value.isidentifier() and value != name:
            return value
        return name

    def macro(self, name: str) -> str | None:
        if name in self.macros:
            return self.macros[name]
        if name in self.not_macros:
            return None
        self.not_macros.add(name)
        try:
            matches = self.index.definitions(name, from_path=self.path, limit=3, fuzzy=False)
        except Exception:
            return None
        for m in matches:
            if m.strategy in {"same_file", "import"} and m.symbol.kind == "macro":
                other = self.index.file(m.symbol.path)
                if other is None:
                    continue
                line = other.line_text(m.symbol.start_line)
                mm = re.match(r"\s*#\s*define\s+" + re.escape(name) + r"\s+(.*)$", line)
                if mm:
                    value = mm.group(1).split("//")[0].strip()
                    self.macros[name] = value
                    return value
        return None


# The value of a macro defined only as a fallback (``#ifndef HOST_NAME_MAX`` / ``#define
# HOST_NAME_MAX 255``): a system header or the build's ``-D`` may define it first, with another value.
ELSEWHERE = "<defined before this fallback>"


def _macro_ways(root: Node) -> dict[str, set[str]]:
    """Every object-like macro of a file with the values its ``#define`` lines give it; one defined
    under ``#ifndef`` of its own name may also hold a value defined elsewhere (:data:`ELSEWHERE`)."""
    out: dict[str, set[str]] = {}
    stack = [root]
    while stack:
        n = stack.pop()
        if n.type == "preproc_def":
            name, value = n.child_by_field_name("name"), n.child_by_field_name("value")
            if name is not None:
                got = (
                    value.text.decode("utf-8", "replace").strip() if value is not None and value.text else ""
                )
                key = name.text.decode("utf-8", "replace") if name.text else ""
                out.setdefault(key, set()).add(got)
                if _fallback(n, key):
                    out[key].add(ELSEWHERE)
        stack.extend(n.children)
    return out


def _fallback(define: Node, name: str) -> bool:
    """``define`` lies in the ``#ifndef NAME`` branch (not its ``#else``) of its own name."""
    child = define
    cur = define.parent
    while cur is not None:
        if cur.type == "preproc_ifdef" and child.type != "preproc_else":
            op = cur.children[0].text.decode() if cur.children and cur.children[0].text else ""
            tested = cur.child_by_field_name("name")
            if op == "#ifndef" and tested is not None and tested.text and tested.text.decode() == name:
                return True
        child = cur
        cur = cur.parent
    return False


def review(what: str, path: str, line: int) -> Outcome:
    return Outcome("NEEDS_REVIEW", 0.3, "no sink found", f"No {what} was recognised at {path}:{line}.", [])


def keep(ctx: Ctx, node: Node, why: str, reason: str = "unbounded copy") -> Outcome:
    return Outcome(
        "TRUE_POSITIVE", 0.75, reason, f"At line {line_of(node)}: {why}.", [ctx.note(node, why, "sink")]
    )
