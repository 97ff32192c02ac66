"""Parameters and callers: a tainted parameter is resolved through the function's call sites in the
workspace (up to a depth), or becomes external input when the function is reachable from outside
(a route, a method, a function nobody in the workspace calls but tests)."""

from __future__ import annotations

from tree_sitter import Node

from ..families import Family
from ..values import CLEAN, Note, Origin, Val, join_all, substitute
from .calls import bind_params
from .engine import Engine
from .interp import Interp
from .module import ModuleInfo
from .sinks import qualifier
from .syntax import Param, decorators, enclosing_class, enclosing_function, line_of, nkey, params_of, text

MAX_CALLER_DEPTH = 3
MAX_CALLERS = 20


def is_external(engine: Engine, path: str, func: Node, info: ModuleInfo) -> bool:
    """A function reachable from outside the workspace: a route/handler, a method, or one with no callers."""
    interp = qualifier(engine, info, "sql", None)
    for d in decorators(func):
        expr = d.named_children[0] if d.named_children else None
        if expr is None:
            continue
        callee = expr.child_by_field_name("function") if expr.type == "call" else expr
        q, _ = interp.qualify(callee)
        plain = engine.spec.plain_decorators
        if q.lstrip(".") not in plain and q not in plain:
            return True
    if enclosing_class(func) is not None or enclosing_function(func) is not None:
        return True
    # tests call a function with the values they check, not with what its real callers pass: a
    # function only tests call is called from outside (a library's API, an application's entry point)
    return all(is_test_module(site_path) for site_path, _ in _call_sites(engine, path, func))


def is_test_module(path: str) -> bool:
    """A module a test runner collects or a test folder holds (pytest's and unittest's conventions)."""
    parts = path.replace("\\", "/").split("/")
    name = parts[-1]
    return (
        any(p in {"test", "tests", "testing"} for p in parts[:-1])
        or name.startswith("test_")
        or name.endswith("_test.py")
        or name == "conftest.py"
    )


def called_outside_tests(engine: Engine, path: str, func: Node) -> bool:
    """Some module that is not a test calls ``func`` (by its name, resolved where it can be)."""
    return any(not is_test_module(site_path) for site_path, _ in _call_sites(engine, path, func))


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
    typed: frozenset[str] = frozenset()
    if info is not None and decorators(func):
        for module, types in engine.spec.validated_parameters:
            if any(v.startswith(module) for v in info.imports.values()):
                typed |= types
    request_types = engine.spec.request_types
    if external:
        return _external(val, params, name, path, func=func, typed=typed, request_types=request_types)
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
        return _external(val, params, name, path, func=func, typed=typed, request_types=request_types)
    return join_all(results)


def _external(
    val: Val,
    params: dict[int, Param],
    name: str,
    path: str,
    *,
    func: Node,
    typed: frozenset[str] = frozenset(),
    request_types: frozenset[str] = frozenset(),
) -> Val:
    """Parameters of a function called from outside: attacker-controlled, except those a framework
    converts to a number/date/UUID before the call (the models' ``framework-validated`` parameters)."""
    ext: dict[int, Val] = {}
    for o in val.origins:
        if o.kind != "param":
            continue
        p = params.get(o.index)
        pname = p.name if p else o.name
        if pname in {"self", "cls"}:
            ext[o.index] = CLEAN
            continue
        if typed and p is not None and p.annotation.strip() in typed:
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
        if p is not None and any(t in p.annotation for t in request_types):
            what = f"request object '{pname}' of {name}()"
        ext[o.index] = Val(origins=frozenset({Origin("source", what, path, line_of(func))}))
    return substitute(val, ext)
