"""The words of the C analyst's verdicts: sentences built from the facts the rules computed.

A rule proves a verdict with located facts (:class:`Note`: a *sink*, the access or call the finding is
about, followed by the *facts* that bound or excuse it). The justification a person reads must say
which of those facts decided the verdict, specifically enough to be checked against the code in a
few seconds: which call or access, on which line, bounded by what, or which branch never runs and
why. This module turns facts into such sentences, and says why a condition has a constant value
(a literal, a macro, a ``const``, a ``static`` that nothing writes). It decides nothing: every
sentence only restates facts the caller hands it or facts of the code read as they are.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from tree_sitter import Node

from .c_context import Ctx
from .c_spec import C_LIMITS
from .c_tree import callee_of, declared_name, func_name, line_of, strip_expr, stripped_text, text, walk
from .c_values import const_int, declared_type
from .values import Note

# How many accesses (a sink with its facts) a sentence names before it points to the evidence.
MAX_CLAUSES = 3


def called(ctx: Ctx, call: Node) -> str:
    """A call as the code names it: ``strcpy()``; through a macro that renames a function, the name
    written and each function it stands for (``ALLOCA() (_alloca() or alloca(), by build)``), so
    the sentence names what a reader finds on the line."""
    fn = ctx.callee(call)
    written = callee_of(call)
    if not written or written == fn:
        return f"{fn}()"
    values = sorted(v for v in ctx.macro_values(written) if v.isidentifier()) or [fn]
    if len(values) == 1:
        return f"{written}() ({values[0]}())"
    return f"{written}() ({' or '.join(v + '()' for v in values)}, by build)"


def cap(s: str) -> str:
    """``s`` with a capital first letter, unless it starts with code (``strlen()``, a name with ``_``)."""
    first = re.match(r"[A-Za-z_][\w]*", s)
    if first is not None and (s[first.end() : first.end() + 1] in {"(", "["} or "_" in first.group(0)):
        return s
    return s[:1].upper() + s[1:]


def sentence(s: str) -> str:
    """``s`` as a sentence: capitalised, ending with one full stop."""
    s = s.strip().rstrip(".;: ")
    return cap(s) + "." if s else ""


@dataclass
class Group:
    """One access the rule judged: its sink notes (the same access said once) and the facts that
    follow them in the evidence."""

    sinks: list[Note] = field(default_factory=list)
    facts: list[Note] = field(default_factory=list)

    @property
    def line(self) -> int:
        return (self.sinks or self.facts)[0].start_line


def groups(notes: Iterable[Note]) -> list[Group]:
    """Split evidence into accesses: a sink starts one, the facts after it belong to it (facts before
    any sink form a group of their own); sinks on one line before any fact share the facts after them."""
    out: list[Group] = []
    for n in notes:
        if n.role == "sink":
            last = out[-1] if out else None
            if last is not None and not last.facts and last.sinks and last.line == n.start_line:
                if all(s.why != n.why for s in last.sinks):
                    last.sinks.append(n)  # the same line's sinks share the facts that follow
                continue
            out.append(Group(sinks=[n]))
        else:
            if not out:
                out.append(Group())
            if all((f.why, f.start_line) != (n.why, n.start_line) for f in out[-1].facts):
                out[-1].facts.append(n)
    return out


def facts_text(g: Group) -> str:
    """The facts of an access joined, each placed by its line when it is not the access's own."""
    at = g.line
    parts = []
    for f in g.facts:
        if f.start_line == at or f"line {f.start_line}" in f.why:
            parts.append(f.why)
        elif _HERE.search(f.why):
            parts.append(_HERE.sub(f"at line {f.start_line}", f.why, count=1))  # "passed here": where
        else:
            parts.append(f"{f.why} (line {f.start_line})")
    return "; ".join(parts)


_HERE = re.compile(r"\bhere\b")


def clause(g: Group) -> str:
    """``at line 58, strncat() writes into `p`: <fact>; <fact> (line 54)``."""
    facts = facts_text(g)
    if not g.sinks:
        return facts
    what = " and ".join(s.why for s in g.sinks)
    return f"at line {g.line}, {what}" + (f": {facts}" if facts else "")


def clauses(gs: Sequence[Group], limit: int = MAX_CLAUSES) -> str:
    """Up to ``limit`` accesses as sentences; the rest counted (they are in the evidence)."""
    shown = [sentence(clause(g)) for g in gs[:limit]]
    rest = len(gs) - limit
    if rest > 0:
        shown.append(f"{rest} more {'access is' if rest == 1 else 'accesses are'} judged the same way.")
    return " ".join(s for s in shown if s)


# ---- how full an access leaves its object --------------------------------------------------------

# the facts the copy and index rules state about how much of an object an access uses: (used, of)
_FILL = (
    (re.compile(r"^length (\d+) fits `[^`]*` \((\d+) bytes\)"), 0),
    (re.compile(r"^index (\d+) is inside `[^`]*` \((\d+) elements\)"), 1),
    (re.compile(r"^`[^`]*` stays between -?\d+ and (\d+) \((\d+) elements\)"), 1),
    (re.compile(r"^reads at most (\d+) of the (\d+) bytes"), 0),
    (re.compile(r"^copies a (\d+)-character literal into (\d+) bytes"), 1),
)


def fill(g: Group) -> float | None:
    """The share of its object the access uses (1.0: up to its last element), from the facts of the
    usual shapes; None when no fact says."""
    best: float | None = None
    for f in g.facts:
        for pattern, plus in _FILL:
            m = pattern.match(f.why)
            if m:
                used, of = int(m.group(1)) + plus, int(m.group(2))
                if of > 0:
                    share = used / of
                    best = share if best is None else max(best, share)
        if " is the room left after " in f.why:
            best = 1.0  # it may fill the object up to its end
    return best


def sink_object(g: Group) -> str | None:
    """The object a sink writes or indexes (``... writes into `p```, ```p[i]` indexes `p```)."""
    for s in g.sinks:
        m = re.search(r"(?:writes into|indexes) `([^`]+)`$", s.why)
        if m:
            return m.group(1)
    return None


def _base(expr: str) -> str:
    m = re.match(r"\s*\(*\s*(?:\([^)]*\)\s*)?&?\s*([A-Za-z_]\w*)", expr)
    return m.group(1) if m else expr


def fullest(gs: Sequence[Group]) -> Group | None:
    """The access that uses the largest share of its object, when the facts say how much each uses
    (None when they do not say it of every one)."""
    rated = [(share, -i, g) for i, g in enumerate(gs) if (share := fill(g)) is not None]
    if not rated or len(rated) != len(gs):
        return None
    return max(rated, key=lambda r: (r[0], r[1]))[2]


def accesses(lead: str, notes: Sequence[Note], names: set[str]) -> str:
    """``lead`` (the claim about every access) and the access that comes nearest the end of the object
    (or, when the facts do not say how near, the first ones)."""
    gs = [g for g in groups(notes) if g.sinks]
    mine = [g for g in gs if (obj := sink_object(g)) is not None and _base(obj) in names]
    top = fullest(mine)
    if top is not None:
        return f"{sentence(lead)} The one nearest its end: {clause(top)}."
    shown = mine or gs
    if not shown:
        return sentence(lead)
    return f"{sentence(lead)} {clauses(shown, 2)}"


# ---- why a condition has a constant value ---------------------------------------------------------


def _file_declaration(root: Node, name: str) -> Node | None:
    for n in root.named_children:
        if n.type == "declaration":
            for c in n.named_children:
                if c.type == "init_declarator" and declared_name(c.child_by_field_name("declarator")) == name:
                    return n
    return None


def _declared_locally(func: Node | None, name: str) -> bool:
    if func is None:
        return False
    for n in walk(func):
        if (
            n.type in {"init_declarator", "parameter_declaration"}
            and declared_name(n.child_by_field_name("declarator")) == name
        ):
            return True
        if n.type == "declaration" and any(
            c.type == "identifier" and text(c) == name for c in n.named_children
        ):
            return True
    return False


def name_constant(ctx: Ctx, ident: Node, func: Node | None) -> str | None:
    """Why the name ``ident`` always has one value: a macro, a <limits.h> constant, a local only ever
    given that value, a ``const`` or a ``static`` of the file that nothing writes (None: it does not)."""
    name = text(ident)
    value = const_int(ctx, ident, func)
    if value is None:
        return None
    macro = ctx.macro(name)
    if macro is not None:
        return f"`{name}` is defined as `{macro.strip()}`"
    if _declared_locally(func, name):
        where = f"{func_name(func)}()" if func is not None else "its function"
        return f"`{name}` is only ever given {value} in {where}"
    decl = _file_declaration(ctx.parsed.tree.root_node, name)
    if decl is not None:
        head = text(decl).split("=", 1)[0]
        static = any(c.type == "storage_class_specifier" and text(c) == "static" for c in decl.children)
        if re.search(r"\bconst\b", head):
            return f"`{name}` is a `{'static const' if static else 'const'}` set to {value}"
        if static:
            return f"`{name}` is a `static` set to {value} that nothing in the file writes"
        return None
    if name in C_LIMITS and declared_type(name, func, ctx.parsed.tree.root_node) is None:
        return f"`{name}` is {value} (<limits.h>)"
    return None


def why_constant(ctx: Ctx, cond: Node, func: Node | None) -> str:
    """Why ``cond`` always has the value it has: each name in it that is constant, said once; a
    condition of literals only says so."""
    seen: list[str] = []
    said: list[str] = []
    for n in walk(cond):
        if n.type != "identifier" or text(n) in seen:
            continue
        parent = n.parent
        if (
            parent is not None
            and parent.type == "call_expression"
            and parent.child_by_field_name("function") == n
        ):
            continue
        seen.append(text(n))
        why = name_constant(ctx, n, func)
        if why is not None:
            said.append(why)
    if said:
        return "; ".join(said)
    return "literals only" if not seen else "a constant expression"


def constant_clause(ctx: Ctx, cond: Node, value: int, func: Node | None) -> str:
    """Why ``cond`` has ``value``: ```on` is a `static` set to 1 that nothing in the file writes``, or
    ```!on` is always false (`on` is ...)`` when the condition is more than one name."""
    if strip_expr(cond).type == "identifier":
        why = name_constant(ctx, strip_expr(cond), func)
        if why is not None:
            return why
    truth = "true" if value else "false"
    return f"`{stripped_text(cond)}` is always {truth} ({why_constant(ctx, cond, func)})"


def needs(ctx: Ctx, path: str, conds: Sequence[tuple[Node, int]], func: Node | None) -> str:
    """``a path that leaves it unassigned needs `on` (line 18) to be false, but `on` is a `static` set
    to 1 that nothing in the file writes`` (``path``: the paths the conditions rule out)."""
    other = " or ".join(
        f"`{stripped_text(c)}` (line {line_of(c)}) to be {'false' if v else 'true'}" for c, v in conds
    )
    why = "; ".join(constant_clause(ctx, c, v, func) for c, v in conds)
    return f"{path} needs {other}, but {why}"


_HEADS = {"if_statement": "if", "while_statement": "while", "for_statement": "for", "do_statement": "while"}


def dead_where(ctx: Ctx, node: Node, cond: Node, where: Node, func: Node | None) -> str | None:
    """Where ``node``, which never runs, sits and why: ``it is in the else branch of `if (5==5)` at line
    51, and `5==5` is always true (literals only)`` (None: ``cond`` is not constant)."""
    value = const_int(ctx, cond, func)
    if value is None:
        return None
    said = constant_clause(ctx, cond, value, func)
    head = f"{_HEADS[where.type]} ({stripped_text(cond)})" if where.type in _HEADS else stripped_text(where)
    if len(head) > 70:
        head = head[:67] + "..."
    inside = where.start_byte <= node.start_byte < where.end_byte
    if not inside:
        part = "after"  # an earlier `if` whose branch always leaves the function (or the loop) first
    elif where.type == "if_statement":
        cons = where.child_by_field_name("consequence")
        then = cons is not None and cons.start_byte <= node.start_byte < cons.end_byte
        part = "in the then branch of" if then else "in the else branch of"
    elif where.type in {"while_statement", "for_statement", "do_statement"}:
        part = "in the body of"
    elif where.type == "binary_expression":
        part = "on the right side of"
    else:
        part = "in a branch of"
    return f"it is {part} `{head}` at line {line_of(where)}, and {said}"
