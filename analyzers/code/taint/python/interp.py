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

from tree_sitter import Node

from ... import constfold
from ..values import CLEAN, Note, Origin, Val, join_all
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
        validates = self.validator_summary(func, body) if bound is None and body is not None else {}
        return FunctionResult(returns, self.hits, self.dead, self.self_attrs, span, param_flags, validates)

    def validator_summary(self, func: Node, body: Node) -> dict[int, dict[str, Note]]:
        """Which parameters this function proves safe, and when: on a normal return (every exit has it
        validated: bad input raised or aborted), or on a true or false result (every return giving that
        answer has it validated). A parameter the body reassigns proves nothing about the caller's."""
        out: dict[int, dict[str, Note]] = {}
        reassigned = assigned_names(body)
        exits = [e for e in (*self.exit_envs, self.env) if e is not None]
        for p in params_of(func):
            if p.kind != "plain" or p.name in reassigned or p.name in {"self", "cls"}:
                continue
            found: dict[str, Note] = {}
            notes = [_proof(e.get(p.name)) for e in exits]
            if exits and all(notes):
                found["return"] = next(n for n in notes if n is not None)
            for truth, answer in ((True, "true"), (False, "false")):
                proof = self.answer_proof(p.name, truth)
                if proof is not None:
                    found[answer] = proof
            if found:
                out[p.index] = found
        return out

    def answer_proof(self, name: str, truth: bool) -> Note | None:
        """The check that makes ``name`` safe on every path where the function returns ``truth``."""
        proofs: list[Note | None] = []
        for env, expr, v in self.return_points:
            answer = constfold.truthy(v.const)
            if answer is (not truth):
                continue  # this return gives the other answer
            if answer is truth or expr is None:
                proofs.append(_proof(env.get(name)))
            else:
                proofs.append(_proof(self.refine(dict(env), expr, truth).get(name)))
        if self.env is not None and not truth:
            proofs.append(_proof(self.env.get(name)))  # falling off the end returns None
        if not proofs or not all(proofs):
            return None
        return next(n for n in proofs if n is not None)


def _proof(v: Val | None) -> Note | None:
    """The guard or sanitizer note that made a parameter's value safe (None: it may not be)."""
    if v is None or v.origins:
        return None
    return next((n for n in v.notes if n.role in {"guard", "sanitizer"}), None)
