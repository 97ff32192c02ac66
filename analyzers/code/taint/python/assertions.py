"""``assert`` as a check (bandit's B101, CWE-703): ``python -O`` removes every assert, so code that
relies on one to stop bad input loses the check in an optimised run.

The claim matters where an attacker can make the check fail. So:
- an assert of a test (a ``test*`` function pytest or unittest collects, a pytest fixture) is the
  test's own check, run by the test runner: FALSE_POSITIVE;
- an assert whose checked values carry no input (constants, internal state the analyst can follow)
  lets nothing an attacker controls past it when removed: FALSE_POSITIVE;
- an assert on input (a request's data, a parameter of a function called from outside) is the only
  check of that input: TRUE_POSITIVE; on a value the analyst cannot see through, kept as well.
"""

from __future__ import annotations

from tree_sitter import Node

from ..families import Family
from ..outcome import Outcome
from ..values import Note, join_all
from .callers import called_outside_tests, resolve_params
from .engine import Engine
from .module import ModuleInfo
from .syntax import decorators, enclosing_class, enclosing_function, line_of, nkey, node_on_line, short, text

TEST_BASES = ("TestCase",)  # unittest.TestCase, django.test.TestCase, IsolatedAsyncioTestCase...


def assert_statement(root: Node, line: int) -> Node | None:
    return node_on_line(root, line, frozenset({"assert_statement"}))


def test_function(func: Node | None, info: ModuleInfo, engine: Engine, path: str) -> str | None:
    """The test (or fixture) ``func`` is, as a test runner collects it; None when it is no test. A
    function that code other than tests calls is not only a test, whatever its name."""
    test = _collected(func, info)
    if test is None or func is None:
        return None
    outer, up = func, enclosing_function(func)
    while up is not None:  # a helper nested in a test is part of it: the test's callers count
        outer, up = up, enclosing_function(up)
    return None if called_outside_tests(engine, path, outer) else test


def _collected(func: Node | None, info: ModuleInfo) -> str | None:
    while func is not None:
        name = text(func.child_by_field_name("name"))
        cls = enclosing_class(func)
        for d in decorators(func):
            expr = d.named_children[0] if d.named_children else None
            callee = (
                expr.child_by_field_name("function") if expr is not None and expr.type == "call" else expr
            )
            q = info.normalize(_qualified(info, callee)) if callee is not None else ""
            if q in {"pytest.fixture", "pytest_asyncio.fixture"}:
                return f"pytest fixture {name}()"
        if name.startswith("test"):
            if cls is None and enclosing_function(func) is None:
                return f"test function {name}()"
            if cls is not None:
                cname = text(cls.child_by_field_name("name"))
                bases = cls.child_by_field_name("superclasses")
                based = bases is not None and any(text(b).endswith(TEST_BASES) for b in bases.named_children)
                if cname.startswith("Test") or based:
                    return f"test method {cname}.{name}()"
        func = enclosing_function(func)  # a helper nested in a test is part of it
    return None


def _qualified(info: ModuleInfo, node: Node) -> str:
    parts = text(node).split(".")
    root = info.qualify_root(parts[0])
    return ".".join([root or parts[0], *parts[1:]])


def judge_assert(
    path: str, root: Node, line: int, *, info: ModuleInfo, engine: Engine, family: Family
) -> Outcome:
    stmt = assert_statement(root, line)
    if stmt is None:
        return Outcome(
            "NEEDS_REVIEW", 0.3, "no assert found", f"No assert statement was found at {path}:{line}.", []
        )
    at = line_of(stmt)
    shown = short(text(stmt))
    sink = Note(path, at, stmt.end_point[0] + 1, f"`{shown}` (removed by python -O)", "sink")
    func = enclosing_function(stmt)
    test = test_function(func, info, engine, path)
    if test is not None:
        why = f"the assert is a check of the {test}, which the test runner runs; tests do not run with -O"
        return Outcome(
            "FALSE_POSITIVE",
            0.85,
            "assert in a test",
            f"`{shown}` at line {at} is a check of the {test}: the test runner runs it as the test's "
            "own check, not as a guard of production input.",
            [sink, Note(path, at, at, why, "safe_variant")],
        )
    result = engine.analyse(path, func, family, frozenset({nkey(stmt)}))
    hit = result.hits.get(nkey(stmt))
    if hit is None:
        dead = [d for d in result.dead if d.start_line <= at <= d.end_line]
        if dead:
            return Outcome(
                "FALSE_POSITIVE",
                0.85,
                "dead code",
                f"The assert at line {at} can never run: {dead[0].why}.",
                [sink, dead[0]],
            )
        return Outcome(
            "NEEDS_REVIEW",
            0.3,
            "assert not reached by the analysis",
            "The analyst could not follow the code to the assert; the finding needs a human look.",
            [sink],
        )
    val = join_all(hit.args)
    if func is not None and any(o.kind == "param" for o in val.origins):
        val = resolve_params(engine, path, func, val, family, depth=0)
    sources = sorted(o for o in val.origins if o.kind == "source")
    if sources:
        src = sources[0]
        return Outcome(
            "TRUE_POSITIVE",
            0.7,
            f"the assert checks {src.what}",
            f"`{shown}` at line {at} checks {src.what} ({src.path}:{src.line}); python -O removes the "
            "assert, and with it this check of that input.",
            [Note(src.path, src.line, src.line, src.what, "source"), *val.steps, sink],
        )
    unknown = sorted(o for o in val.origins if o.kind != "source")
    if unknown:
        u = unknown[0]
        return Outcome(
            "TRUE_POSITIVE",
            0.55,
            f"unverified input from {u.what}",
            f"`{shown}` at line {at} checks a value from {u.what} ({u.path}:{u.line}), which the analyst "
            "cannot prove free of input; python -O removes the check, so the finding is kept.",
            [Note(u.path, u.line, u.line, u.what, "source"), sink],
        )
    return Outcome(
        "FALSE_POSITIVE",
        0.8,
        "the assert checks no input",
        f"`{shown}` at line {at} checks only values that carry no input (constants and internal state "
        "the analyst followed): removing it with python -O lets nothing an attacker controls past a check.",
        [sink, Note(path, at, at, "every value the assert checks carries no input", "constant"), *val.notes],
    )
