"""The abstract interpreter of one function at a time (or a module's top level), for one family.

The interpreter walks a function's statements in order with an environment ``name -> Val`` (see
:mod:`..values`). Branches are joined, loops iterated to a small fixpoint, branches whose
condition folds to a constant are skipped (and remembered as dead), and conditions that validate a
variable (allow-lists, restrictive regexes, containment checks, the models' validators) make it
safe on the branch where they hold, so ``if x not in ALLOWED: abort()`` cleans ``x`` after the
``if``. Calls into workspace functions are interpreted in context; library calls are looked up in
the models. Nodes to *watch* (the sinks of a finding) record the values of their arguments.
"""

from __future__ import annotations

from ..values import CLEAN, Origin, Val, join_all
from .calls import CallsMixin
from .expressions import ExpressionsMixin
from .guards import GuardsMixin
from .results import Env, FunctionResult
from .statements import StatementsMixin
from .syntax import assigned_names, end_line_of, line_of, params_of


class Interp(StatementsMixin, GuardsMixin, ExpressionsMixin, CallsMixin):
    """One run of the abstract interpreter over a function body (or a module's top level)."""

    def run_module(self) -> Env:
        body = self.info.root
        self.locals = set()
        self.block(body.named_children)
        return self.env or {}

    def run_module_result(self) -> FunctionResult:
        env = self.run_module()
        del env
        root = self.info.root
        return FunctionResult(CLEAN, self.hits, self.dead, {}, f"{self.path}:1-{end_line_of(root)}")

    def run_function(self, bound: dict[int, Val] | None = None) -> FunctionResult:
        func = self.func
        assert func is not None
        body = func.child_by_field_name("body")
        self.locals = assigned_names(body) if body is not None else set()
        env: Env = {}
        for p in params_of(func):
            self.locals.add(p.name)
            if bound is not None:
                if p.index in bound:
                    env[p.name] = bound[p.index]
                elif p.default is not None:
                    env[p.name] = self.default_value(p.default)
                else:
                    env[p.name] = Val(fields=() if p.kind != "plain" else None, exact=p.kind != "plain")
                continue
            env[p.name] = Val(
                origins=frozenset(
                    {Origin("param", f"parameter '{p.name}'", self.path, line_of(func), p.index, p.name)}
                )
            )
        self.env = env
        start = {name: v.flags for name, v in env.items()}
        if body is not None:
            self.block(body.named_children)
        returns = join_all(self.returns) if self.returns else CLEAN
        span = f"{self.path}:{line_of(func)}-{end_line_of(func)}"
        param_flags: dict[int, frozenset[str]] = {}
        exits = [e for e in (*self.exit_envs, self.env) if e is not None]
        for p in params_of(func):
            added = frozenset(
                f
                for e in exits
                if p.name in e
                for f in e[p.name].flags
                if f.startswith("!") and f not in start.get(p.name, frozenset())
            )
            if added:
                param_flags[p.index] = added
        return FunctionResult(returns, self.hits, self.dead, self.self_attrs, span, param_flags)
