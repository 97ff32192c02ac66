"""The Python side of the offline judgement: sinks on the finding's line, values reaching them,
parameters resolved through the callers, configuration rules (cookies, hashes, randomness, TLS)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tree_sitter import Node

from ...findings.model import Finding
from .families import SINKLESS_FAMILIES, Family
from .pymodule import ModuleInfo, text
from .python_engine import (
    Engine,
    Interp,
    Param,
    bind_params,
    decorators,
    enclosing_class,
    enclosing_function,
    line_of,
    nkey,
    params_of,
)
from .python_sinks import SinkSite, _qualifier, dangerous_value, find_sinks
from .python_spec import CONFIG_FAMILIES, FAMILIES, REQUEST_TYPES
from .values import CLEAN, Note, Origin, Val, join_all, substitute

if TYPE_CHECKING:
    from ..index import ParsedFile

MAX_CALLER_DEPTH = 3
# Evidence that can remove a finding (a note of one of these roles is required for FALSE_POSITIVE).
POSITIVE_ROLES = frozenset({"constant", "sanitizer", "guard", "dead_branch", "safe_variant"})
MAX_CALLERS = 20
_PLAIN_DECORATORS = frozenset(
    {
        "staticmethod",
        "classmethod",
        "property",
        "functools.wraps",
        "functools.lru_cache",
        "functools.cache",
        "functools.cached_property",
        "contextlib.contextmanager",
        "abc.abstractmethod",
        "typing.overload",
        "dataclasses.dataclass",
        "pytest.fixture",
    }
)


@dataclass
class Outcome:
    """What the Python analysis concluded, before it becomes a Judgement."""

    verdict: str  # TRUE_POSITIVE | FALSE_POSITIVE | NEEDS_REVIEW
    confidence: float
    reason: str
    justification: str
    evidence: list[Note]


def judge_python(finding: Finding, family: Family, parsed: ParsedFile, engine: Engine) -> Outcome:
    info = engine.module(parsed.path)
    if info is None:
        return Outcome(
            "NEEDS_REVIEW", 0.2, "file not parsed", f"{parsed.path} could not be parsed as Python.", []
        )
    lo = finding.line
    hi = max(finding.location.region.last_line, lo)
    hi = min(hi, lo + 30)
    if family in SINKLESS_FAMILIES:
        return Outcome(
            "TRUE_POSITIVE",
            0.6,
            "nothing to disprove",
            "The rule reports the code itself (no data flow to disprove); the finding is kept.",
            [Note(parsed.path, lo, hi, "reported code", "sink")],
        )
    engine.finding_cwes = frozenset(finding.cwe)
    if family not in FAMILIES:
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
        sites = _import_uses(engine, info, root, family, lo) or _forward_uses(
            engine, info, root, family, lo=lo, hi=hi
        )
    if not sites:
        return Outcome(
            "NEEDS_REVIEW",
            0.3,
            "no sink found",
            f"No {family} sink the analyst knows was found at {parsed.path}:{lo}; it needs a human look.",
            [],
        )
    return _taint(finding, family, parsed, info, engine, sites=sites)


def _import_uses(engine: Engine, info: ModuleInfo, root: Node, family: Family, line: int) -> list[SinkSite]:
    """A finding on an import statement (a "blacklisted import") is about the module's uses:
    the sinks of the family anywhere in the file."""
    node = root.descendant_for_point_range((line - 1, 0), (line - 1, 0))
    while node is not None and node.type not in {"import_statement", "import_from_statement", "module"}:
        node = node.parent
    if node is None or node.type == "module":
        return []
    return find_sinks(engine, info, root, family, (1, root.end_point[0] + 1), returns=False)


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
        used = {text(x) for x in _descendants(s.node) if x.type in {"identifier", "attribute"}}
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


def _descendants(node: Node) -> list[Node]:
    out: list[Node] = []
    stack = [node]
    while stack:
        n = stack.pop()
        out.append(n)
        stack.extend(n.named_children)
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
            val = dangerous_value(engine, info, s, hit, family)
            if func is not None and any(o.kind == "param" for o in val.origins):
                val = resolve_params(engine, path, func, val, family, depth=0)
            values.append((s, val))
    sink_notes = [Note(path, line_of(s.node), s.node.end_point[0] + 1, _sink_why(s), "sink") for s in sites]
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
    config = family in CONFIG_FAMILIES  # the call itself is weak or not: no data flow to tell
    for s, v in values:
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
                Note(path, line_of(s.node), s.node.end_point[0] + 1, _sink_why(s), "sink"),
            ]
            if config:
                return Outcome(
                    "TRUE_POSITIVE",
                    0.85,
                    src.what,
                    f"At line {line_of(s.node)}, {_sink_why(s)}: {src.what}; "
                    "nothing on the path makes it safe.",
                    _dedupe(evidence),
                )
            return Outcome(
                "TRUE_POSITIVE",
                0.7 if ext else 0.85,
                reason,
                f"Data from {src.what} ({src.path}:{src.line}) reaches {_sink_why(s)} "
                f"at line {line_of(s.node)} "
                "without a sanitizer or check that makes it safe for this kind of sink.",
                _dedupe(evidence),
            )
    for s, v in values:
        unknown = sorted(o for o in v.origins if o.kind != "source")
        if unknown:
            u = unknown[0]
            return Outcome(
                "TRUE_POSITIVE",
                0.55,
                u.what if config else f"unverified input from {u.what}",
                f"At line {line_of(s.node)}, {_sink_why(s)}: {u.what}; the analyst cannot prove it safe, "
                "so the finding is kept."
                if config
                else f"The value reaching {_sink_why(s)} at line {line_of(s.node)} comes from {u.what} "
                f"({u.path}:{u.line}), which the analyst cannot prove safe; the finding is kept.",
                _dedupe([Note(u.path, u.line, u.line, u.what, "source"), *v.steps, *sink_notes]),
            )
    notes: list[Note] = []
    for site, v in values:
        notes.extend(v.notes)
        if not any(n.role in POSITIVE_ROLES for n in v.notes):
            # the argument itself is the evidence: a literal, or built only from literals
            what = f"the constant {_short(repr(v.const))}" if v.is_const else "built only from constants"
            notes.append(
                Note(
                    path,
                    line_of(site.node),
                    site.node.end_point[0] + 1,
                    f"the argument is {what}",
                    "constant",
                )
            )
    notes.extend(dead_notes)
    if unreached:
        return Outcome(
            "NEEDS_REVIEW",
            0.3,
            "sink not reached by the analysis",
            "Part of the code on the reported line could not be followed; the finding needs a human look.",
            [*sink_notes, *notes],
        )
    reason, sentence = _clean_reason(notes, path)
    site0 = values[0][0]
    return Outcome(
        "FALSE_POSITIVE",
        0.85 if any(n.role in {"sanitizer", "guard", "safe_variant"} for n in notes) else 0.9,
        reason,
        f"At line {line_of(site0.node)}, {_sink_why(site0)} is used in its safe form: {sentence}."
        if config
        else f"What reaches {_sink_why(site0)} at line {line_of(site0.node)} "
        f"is not attacker-controlled: {sentence}.",
        _dedupe([*sink_notes, *notes]),
    )


def _short(s: str, n: int = 60) -> str:
    s = " ".join(s.split())
    return s if len(s) <= n else s[: n - 1] + "…"


def _sink_why(s: SinkSite) -> str:
    if s.kind == "return":
        return "the HTTP response (returned value)"
    if s.kind == "session":
        return "a session write"
    if s.kind == "wrapper":
        return f"{s.name}() (wraps a sink)"
    return f"{s.name.lstrip('.')}()"


def _clean_reason(notes: list[Note], path: str) -> tuple[str, str]:
    order = ["safe_variant", "sanitizer", "guard", "dead_branch", "constant"]
    for role in order:
        hits = [n for n in notes if n.role == role]
        if hits:
            n = hits[0]
            where = f"line {n.start_line}" if n.path == path else f"{n.path}:{n.start_line}"
            if role == "sanitizer":
                return n.why, f"{n.why} ({where})"
            if role == "safe_variant":
                return "safe variant", f"{n.why} ({where})"
            if role == "guard":
                return "validated before use", f"{n.why} ({where})"
            if role == "dead_branch":
                return "dead code", n.why
            return "constant argument", f"{n.why} ({where})"
    return "constant argument", "it is built only from constants and values that carry no input"


def _dedupe(notes: list[Note]) -> list[Note]:
    seen: set[Note] = set()
    out: list[Note] = []
    for n in notes:
        if n not in seen:
            seen.add(n)
            out.append(n)
    return out[:12]


# ------------------------------------------------------------ parameters and callers


def is_external(engine: Engine, path: str, func: Node, info: ModuleInfo) -> bool:
    """A function reachable from outside the workspace: a route/handler, a method, or one with no callers."""
    interp = _qualifier(engine, info, "sql", None)
    for d in decorators(func):
        expr = d.named_children[0] if d.named_children else None
        if expr is None:
            continue
        callee = expr.child_by_field_name("function") if expr.type == "call" else expr
        q, _ = interp.qualify(callee)
        if q.lstrip(".") not in _PLAIN_DECORATORS and q not in _PLAIN_DECORATORS:
            return True
    if enclosing_class(func) is not None or enclosing_function(func) is not None:
        return True
    return not _call_sites(engine, path, func)


def _call_sites(engine: Engine, path: str, func: Node) -> list[tuple[str, Node]]:
    name = text(func.child_by_field_name("name"))
    if not name:
        return []
    try:
        sites = engine.index.callers(name, limit=MAX_CALLERS + 1)
    except Exception:
        return []
    out: list[tuple[str, Node]] = []
    for site in sites:
        parsed = engine.parsed(site.path)
        if parsed is None or parsed.language != "python":
            continue
        for call in _calls_on_line(parsed.tree.root_node, site.line, name):
            fn = call.child_by_field_name("function")
            target = engine.resolve_def(site.path, text(fn), site.line) if fn is not None else None
            if target is not None and (target[0] != path or target[1].start_byte != func.start_byte):
                continue  # a different function with the same name
            out.append((site.path, call))
    return out


def _calls_on_line(root: Node, line: int, name: str) -> list[Node]:
    out: list[Node] = []
    node = root.descendant_for_point_range((line - 1, 0), (line - 1, 10_000))
    scope = node
    while scope is not None and scope.parent is not None and scope.start_point[0] >= line - 1:
        scope = scope.parent
    stack = [scope] if scope is not None else []
    while stack:
        n = stack.pop()
        if n.end_point[0] < line - 1 or n.start_point[0] > line - 1:
            continue
        if n.type == "call" and n.start_point[0] == line - 1:
            fn = n.child_by_field_name("function")
            if fn is not None and text(fn).split(".")[-1] == name:
                out.append(n)
        stack.extend(n.named_children)
    return out


def resolve_params(engine: Engine, path: str, func: Node, val: Val, family: Family, *, depth: int) -> Val:
    """Replace the parameter origins of ``val`` by what callers pass (or by external input)."""
    if not any(o.kind == "param" for o in val.origins):
        return val
    info = engine.module(path)
    name = text(func.child_by_field_name("name"))
    params = {p.index: p for p in params_of(func)}
    external = info is None or depth >= MAX_CALLER_DEPTH or is_external(engine, path, func, info)
    sites = [] if external else _call_sites(engine, path, func)
    if len(sites) > MAX_CALLERS:
        external = True
    typed = (
        info is not None
        and bool(decorators(func))
        and any(v.startswith("fastapi") for v in info.imports.values())
    )
    if external:
        return _external(val, params, name, path, func=func, typed=typed)
    results: list[Val] = []
    for cpath, call in sites:
        cinfo = engine.module(cpath)
        if cinfo is None:
            continue
        cfunc = enclosing_function(call)
        res = engine.analyse(cpath, cfunc, family, frozenset({nkey(call)}))
        hit = res.hits.get(nkey(call))
        if hit is None:
            continue  # the call is never reached
        fn = call.child_by_field_name("function")
        is_method = fn is not None and fn.type == "attribute"
        bound = bind_params(func, hit.args, hit.kwargs, hit.receiver if is_method else None)
        for p in params_of(func):
            if p.index not in bound and p.default is not None:
                sub = Interp(engine, info, family, frozenset(), None) if info is not None else None
                if sub is not None:
                    sub.env = dict(engine.module_env(path, family))
                    bound[p.index] = sub.ev(p.default)
        v = substitute(val, bound)
        v = (
            v.with_step(Note(cpath, line_of(call), call.end_point[0] + 1, f"{name}() called here", "step"))
            if v.tainted
            else v.with_note(
                Note(
                    cpath,
                    line_of(call),
                    call.end_point[0] + 1,
                    f"caller passes a safe value to {name}()",
                    "step",
                )
            )
        )
        if cfunc is not None and any(o.kind == "param" for o in v.origins):
            v = resolve_params(engine, cpath, cfunc, v, family, depth=depth + 1)
        results.append(v)
    if not results:
        # every call site is unreachable: whoever calls it is outside what we can see
        return _external(val, params, name, path, func=func, typed=typed)
    return join_all(results)


_VALIDATED_TYPES = frozenset(
    {
        "int",
        "float",
        "bool",
        "UUID",
        "uuid.UUID",
        "datetime",
        "date",
        "Decimal",
        "datetime.date",
        "datetime.datetime",
    }
)


def _external(
    val: Val, params: dict[int, Param], name: str, path: str, *, func: Node, typed: bool = False
) -> Val:
    """Parameters of a function called from outside: attacker-controlled, except those a framework
    converts to a number/date/UUID before the call (FastAPI validates annotated route parameters)."""
    ext: dict[int, Val] = {}
    for o in val.origins:
        if o.kind != "param":
            continue
        p = params.get(o.index)
        pname = p.name if p else o.name
        if pname in {"self", "cls"}:
            ext[o.index] = CLEAN
            continue
        if typed and p is not None and p.annotation.strip() in _VALIDATED_TYPES:
            ext[o.index] = Val(
                notes=(
                    Note(
                        path,
                        line_of(func),
                        line_of(func),
                        f"'{pname}: {p.annotation}' is converted by the framework",
                        "sanitizer",
                    ),
                )
            )
            continue
        what = f"parameter '{pname}' of {name}() (reachable from outside the workspace)"
        if p is not None and any(t in p.annotation for t in REQUEST_TYPES):
            what = f"request object '{pname}' of {name}()"
        ext[o.index] = Val(origins=frozenset({Origin("source", what, path, line_of(func))}))
    return substitute(val, ext)
