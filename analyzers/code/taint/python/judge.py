"""The verdict: the sinks on the finding's line, the values reaching them (through the interpreter
and the callers), and what that makes of the finding. FALSE_POSITIVE needs positive evidence."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tree_sitter import Node

from ....findings.model import Finding
from ..families import SINKLESS_FAMILIES, Family
from ..outcome import POSITIVE_ROLES, Outcome
from ..values import Note, Val
from .assertions import judge_assert
from .callers import resolve_params
from .defaults import settle_defaults
from .engine import Engine
from .imports import import_statement, understood_uses
from .module import ModuleInfo
from .secrets import none_secret
from .sinks import SinkSite, dangerous_value, find_sinks
from .syntax import descendants, enclosing_function, import_bindings, line_of, nkey, short, text

if TYPE_CHECKING:
    from ...index import ParsedFile


def fam_config(engine: Engine, family: Family) -> bool:
    fam = engine.spec.families.get(family)
    return fam is not None and fam.config


def judge_python(finding: Finding, family: Family, parsed: ParsedFile, engine: Engine) -> Outcome:
    info = engine.module(parsed.path)
    if info is None:
        return Outcome(
            "NEEDS_REVIEW", 0.2, "file not parsed", f"{parsed.path} could not be parsed as Python.", []
        )
    lo = finding.line
    hi = max(finding.location.region.last_line, lo)
    hi = min(hi, lo + 30)
    if family == "hardcoded_secret":
        none = none_secret(parsed.tree.root_node, parsed.path, lo)
        if none is not None:
            return Outcome(
                "FALSE_POSITIVE",
                0.9,
                "the value is None",
                f"No secret is written at line {lo}: {none.why}.",
                [none],
            )
    if family in SINKLESS_FAMILIES:
        return Outcome(
            "TRUE_POSITIVE",
            0.6,
            "nothing to disprove",
            "The rule reports the code itself (no data flow to disprove); the finding is kept.",
            [Note(parsed.path, lo, hi, "reported code", "sink")],
        )
    engine.finding_cwes = frozenset(finding.cwe)
    if family == "assertion":
        return judge_assert(parsed.path, parsed.tree.root_node, lo, info=info, engine=engine, family=family)
    fam = engine.spec.families.get(family)
    if fam is None:
        return Outcome(
            "NEEDS_REVIEW",
            0.3,
            "not modelled for Python",
            f"The {family} family is not modelled by the offline analyst for Python.",
            [],
        )
    root = parsed.tree.root_node
    sites = find_sinks(engine, info, root, family, (lo, hi))
    if not sites and lo != hi:
        sites = find_sinks(engine, info, root, family, (lo, lo))
    if not sites:
        sites = _enclosing_sinks(engine, info, root, family, lo)
    if not sites:
        sites = _import_uses(engine, info, root, family, lo) or _forward_uses(
            engine, info, root, family, lo=lo, hi=hi
        )
    if not sites:
        stmt = import_statement(root, lo)
        uses = understood_uses(engine.spec, fam, info, root, stmt) if stmt is not None else None
        if stmt is not None and uses is not None:
            what = short(text(stmt))
            said = (
                f"The finding reports `{what}`, which is no weakness by itself; no use of it in "
                f"{parsed.path} is a {fam.description} sink"
            )
            said += (
                ": " + "; ".join(f"{n.why} (line {n.start_line})" for n in uses[:4])
                if uses
                else ": it is not used"
            )
            notes = uses or [
                Note(parsed.path, lo, lo, f"`{what}` is imported and never used", "safe_variant")
            ]
            # the analyst read each use it cites (an investigation fetches what it consulted)
            engine.consulted.update(f"{n.path}:{n.start_line}-{n.end_line}" for n in notes[:12])
            return Outcome(
                "FALSE_POSITIVE", 0.8, "the module is used only in safe ways", said + ".", notes[:12]
            )
        return Outcome(
            "NEEDS_REVIEW",
            0.3,
            "no sink found",
            f"No {family} sink the analyst knows was found at {parsed.path}:{lo}; it needs a human look.",
            [],
        )
    return _taint(finding, family, parsed, info, engine, sites=sites)


def _enclosing_sinks(
    engine: Engine, info: ModuleInfo, root: Node, family: Family, line: int
) -> list[SinkSite]:
    """A finding on a line inside a call that starts higher up (the argument a scanner pointed at,
    below the call's opening line, a comment, a blank line or a continuation): the sinks among the
    calls around that line, innermost first."""
    row = line - 1
    if not 0 <= row <= root.end_point[0]:
        return []
    node: Node | None = root.descendant_for_point_range((row, 0), (row, 0))
    while node is not None and node.type != "module":
        if node.type == "call" and node.start_point[0] < row <= node.end_point[0]:
            start = line_of(node)
            found = [s for s in find_sinks(engine, info, root, family, (start, start)) if s.node == node]
            if found:
                return found
        node = node.parent
    return []


def _import_uses(engine: Engine, info: ModuleInfo, root: Node, family: Family, line: int) -> list[SinkSite]:
    """A finding on an import statement (a "blacklisted import") is about the module's uses:
    the sinks of the family anywhere in the file."""
    stmt = import_statement(root, line)
    if stmt is None:
        return []
    names = set(import_bindings(stmt))
    sites = find_sinks(engine, info, root, family, (1, root.end_point[0] + 1), returns=False)
    return [s for s in sites if _uses_names(s.node, names, root)]


def _root_name(node: Node | None) -> str:
    while node is not None and node.type in {"attribute", "call", "subscript"}:
        field = {"attribute": "object", "call": "function", "subscript": "value"}[node.type]
        node = node.child_by_field_name(field)
    return text(node) if node is not None and node.type == "identifier" else ""


def _uses_names(call: Node, names: set[str], root: Node) -> bool:
    """Whether a sink call goes through the imported names: its callee starts with one, or it is a
    method of a variable some assignment in the file makes from one (``p = xml.sax.make_parser()``)."""
    fn = call.child_by_field_name("function")
    head = _root_name(fn)
    if head in names:
        return True
    if not head:
        return False
    for n in descendants(root):
        if n.type == "assignment" and text(n.child_by_field_name("left")) == head:
            right = n.child_by_field_name("right")
            if right is not None and right.type == "call" and _root_name(right) in names:
                return True
    return False


def _forward_uses(
    engine: Engine, info: ModuleInfo, root: Node, family: Family, *, lo: int, hi: int
) -> list[SinkSite]:
    """A finding where a value is built (``q = "SELECT ..." + x``) is about where that value goes:
    the sinks of the family later in the same function that use the assigned name."""
    names: set[str] = set()
    anchor: Node | None = None
    for n in _line_calls_and_assignments(root, lo, hi):
        left = n.child_by_field_name("left")
        if left is not None and left.type in {"identifier", "attribute"}:
            names.add(text(left))
            anchor = anchor or n
    if not names or anchor is None:
        return []
    func = enclosing_function(anchor)
    scope = func.child_by_field_name("body") if func is not None else root
    if scope is None:
        return []
    end = scope.end_point[0] + 1
    sites = find_sinks(engine, info, scope, family, (lo, end), returns=True)
    out: list[SinkSite] = []
    for s in sites:
        used = {text(x) for x in descendants(s.node) if x.type in {"identifier", "attribute"}}
        if used & names:
            out.append(s)
    return out


def _line_calls_and_assignments(root: Node, lo: int, hi: int) -> list[Node]:
    out: list[Node] = []
    stack = [root]
    while stack:
        n = stack.pop()
        if n.end_point[0] + 1 < lo or n.start_point[0] + 1 > hi:
            continue
        if n.type in {"assignment", "augmented_assignment"} and lo <= n.start_point[0] + 1 <= hi:
            out.append(n)
        stack.extend(reversed(n.named_children))
    return out


def _taint(
    finding: Finding,
    family: Family,
    parsed: ParsedFile,
    info: ModuleInfo,
    engine: Engine,
    *,
    sites: list[SinkSite],
) -> Outcome:
    path = parsed.path
    by_func: dict[int, tuple[Node | None, list[SinkSite]]] = {}
    for s in sites:
        func = enclosing_function(s.node)
        key = func.start_byte if func is not None else -1
        by_func.setdefault(key, (func, []))[1].append(s)
    values: list[tuple[SinkSite, Val]] = []
    dead_notes: list[Note] = []
    unreached: list[SinkSite] = []
    for func, group in by_func.values():
        watch = frozenset(nkey(s.node) for s in group)
        result = engine.analyse(path, func, family, watch)
        for s in group:
            hit = result.hits.get(nkey(s.node))
            if hit is None:
                dead = [d for d in result.dead if d.start_line <= line_of(s.node) <= d.end_line]
                if dead:
                    dead_notes.extend(dead[:1])
                else:
                    unreached.append(s)
                continue
            settled: list[Note] = []
            if fam_config(engine, family) or (s.sink is not None and s.sink.config):
                hit, settled = settle_defaults(engine, path, func, hit)
            val = dangerous_value(engine, info, s, hit, family)
            if settled and not val.origins:
                for n in settled:
                    val = val.with_note(n)
            if func is not None and any(o.kind == "param" for o in val.origins):
                val = resolve_params(engine, path, func, val, family, depth=0)
            values.append((s, val))
    sink_notes = [Note(path, line_of(s.node), s.node.end_point[0] + 1, s.why(), "sink") for s in sites]
    if not values:
        if dead_notes and not unreached:
            return Outcome(
                "FALSE_POSITIVE",
                0.85,
                "dead code",
                f"The sink at line {line_of(sites[0].node)} can never run: {dead_notes[0].why}.",
                [*sink_notes, *dead_notes],
            )
        return Outcome(
            "NEEDS_REVIEW",
            0.3,
            "sink not reached by the analysis",
            "The analyst could not follow the code to the sink; the finding needs a human look.",
            sink_notes,
        )
    fconfig = fam_config(engine, family)  # the call itself is weak or not: no data flow to tell
    for s, v in values:
        config = fconfig or (s.sink is not None and s.sink.config)
        sources = sorted(o for o in v.origins if o.kind == "source")
        if sources:
            src = sources[0]
            ext = src.what.startswith("parameter")
            reason = f"tainted by {src.what}" if not ext else f"reaches the sink from {src.what}"
            first = Note(src.path, src.line, src.line, f"{src.what}", "source")
            steps = [
                n
                for n in v.steps
                if not (n.role == "source" and n.path == src.path and n.start_line == src.line)
            ]
            evidence = [
                first,
                *steps,
                Note(path, line_of(s.node), s.node.end_point[0] + 1, s.why(), "sink"),
            ]
            if config:
                return Outcome(
                    "TRUE_POSITIVE",
                    0.85,
                    src.what,
                    f"At line {line_of(s.node)}, {s.why()}: {src.what}; nothing on the path makes it safe.",
                    _dedupe(evidence),
                )
            return Outcome(
                "TRUE_POSITIVE",
                0.7 if ext else 0.85,
                reason,
                f"Data from {src.what} ({src.path}:{src.line}) reaches {s.why()} "
                f"at line {line_of(s.node)} "
                "without a sanitizer or check that makes it safe for this kind of sink.",
                _dedupe(evidence),
            )
    for s, v in values:
        config = fconfig or (s.sink is not None and s.sink.config)
        unknown = sorted(o for o in v.origins if o.kind != "source")
        if unknown:
            u = unknown[0]
            return Outcome(
                "TRUE_POSITIVE",
                0.55,
                u.what if config else f"unverified input from {u.what}",
                f"At line {line_of(s.node)}, {s.why()}: {u.what}; the analyst cannot prove it safe, "
                "so the finding is kept."
                if config
                else f"The value reaching {s.why()} at line {line_of(s.node)} comes from {u.what} "
                f"({u.path}:{u.line}), which the analyst cannot prove safe; the finding is kept.",
                _dedupe([Note(u.path, u.line, u.line, u.what, "source"), *v.steps, *sink_notes]),
            )
    notes: list[Note] = []
    for site, v in values:
        if not any(n.role in POSITIVE_ROLES - {"constant"} for n in v.notes):
            # the argument itself is the evidence: a literal, or built only from literals (named
            # first; the constants it is built from follow)
            notes.append(
                Note(
                    path,
                    line_of(site.node),
                    site.node.end_point[0] + 1,
                    _constant_argument(site, v),
                    "constant",
                )
            )
        notes.extend(v.notes)
    notes.extend(dead_notes)
    if unreached:
        return Outcome(
            "NEEDS_REVIEW",
            0.3,
            "sink not reached by the analysis",
            "Part of the code on the reported line could not be followed; the finding needs a human look.",
            [*sink_notes, *notes],
        )
    reason, sentence, role = _clean_reason(notes, path)
    site0 = values[0][0]
    where = f"{site0.why()} at line {line_of(site0.node)}"
    if fconfig or all(s.sink is not None and s.sink.config for s, _ in values):
        said = f"At line {line_of(site0.node)}, {site0.why()} is used in its safe form: {sentence}."
    elif role == "safe_variant":
        said = (
            f"At line {line_of(site0.node)}, {site0.why()} is used in a form that is safe for this weakness: "
            f"{sentence}."
        )
    elif role in {"sanitizer", "guard"}:
        said = f"What reaches {where} is made safe before use: {sentence}."
    else:
        said = f"What reaches {where} is not attacker-controlled: {sentence}."
    return Outcome(
        "FALSE_POSITIVE",
        0.85 if any(n.role in {"sanitizer", "guard", "safe_variant"} for n in notes) else 0.9,
        reason,
        said,
        _dedupe([*sink_notes, *notes]),
    )


def _clean_reason(notes: list[Note], path: str) -> tuple[str, str, str]:
    order = ["safe_variant", "sanitizer", "guard", "dead_branch", "constant"]
    for role in order:
        hits = [n for n in notes if n.role == role]
        if hits:
            n = hits[0]
            where = f"line {n.start_line}" if n.path == path else f"{n.path}:{n.start_line}"
            if role == "sanitizer":
                return n.why, f"{n.why} ({where})", role
            if role == "safe_variant":
                return "safe variant", f"{n.why} ({where})", role
            if role == "guard":
                return "validated before use", f"{n.why} ({where})", role
            if role == "dead_branch":
                return "dead code", n.why, role
            if len(hits) > 1:
                # a value built from several constants: name each of them, not only the first
                parts = [f"{h.why} ({_where(h, path)})" for h in hits[:4]]
                return "constant argument", "; ".join(parts), role
            return "constant argument", f"{n.why} ({where})", role
    return "constant argument", "it is built only from constants and values that carry no input", "constant"


def _constant_argument(site: SinkSite, v: Val) -> str:
    """What the argument is, named: the constant itself, the constants it may be, or its expression."""
    if v.is_const:
        return f"the argument is the constant {short(repr(v.const))}"
    choices = v.possible()
    if choices and len(choices) <= 4:
        shown = ", ".join(sorted(short(repr(c)) for c in choices))
        return f"the argument is one of the constants {shown}"
    expr = _argument_node(site)
    if expr is not None:
        return f"the argument `{short(text(expr))}` is built only from {NO_INPUT}"
    return f"the argument is built only from {NO_INPUT}"


NO_INPUT = "constants and values that carry no input"


def _where(n: Note, path: str) -> str:
    return f"line {n.start_line}" if n.path == path else f"{n.path}:{n.start_line}"


def _argument_node(site: SinkSite) -> Node | None:
    """The argument of the sink call the sink's model names dangerous (the first one)."""
    node = site.node
    if node.type != "call":
        return node if site.kind in {"return", "item-write"} else None
    args = node.child_by_field_name("arguments")
    if args is None:
        return None
    items = [a for a in args.named_children if a.type != "comment"]
    spec = site.sink.args[0] if site.sink is not None and site.sink.args else (0, "")
    pos, kw = spec
    for a in items:
        if kw and a.type == "keyword_argument" and text(a.child_by_field_name("name")) == kw:
            return a.child_by_field_name("value")
    plain = [a for a in items if a.type != "keyword_argument"]
    if 0 <= pos < len(plain):
        return plain[pos]
    return None


def _dedupe(notes: list[Note]) -> list[Note]:
    seen: set[Note] = set()
    out: list[Note] = []
    for n in notes:
        if n not in seen:
            seen.add(n)
            out.append(n)
    return out[:12]


# ------------------------------------------------------------ parameters and callers
