"""Statements: the interpreter walks a body in order, joins branches, iterates loops to a fixpoint,
and remembers branches that can never run (a condition that folds to a constant)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from tree_sitter import Node

from ... import constfold
from ...constfold import NOT_CONST
from ..budget import AnalysisBudgetExceeded
from ..values import CLEAN, Val, combine, container, join, join_all
from .base import InterpBase
from .results import LOOP_ROUNDS, Env
from .syntax import import_bindings, nkey, short, text


class StatementsMixin(InterpBase):
    def block(self, stmts: Iterable[Node]) -> None:
        stmts = [s for s in stmts if s.type != "comment"]
        for i, stmt in enumerate(stmts):
            if self.env is None:
                self.mark_dead(stmts[i : i + 1], "unreachable: every path before it returns or raises")
                if i + 1 < len(stmts):
                    self.mark_dead(stmts[i + 1 :], "unreachable: every path before it returns or raises")
                return
            self.stmt(stmt)

    def stmt(self, node: Node) -> None:
        self.engine.steps += 1
        if self.engine.steps > self.engine.max_steps:
            raise AnalysisBudgetExceeded(f"more than {self.engine.max_steps} statements interpreted")
        t = node.type
        if t == "expression_statement":
            for child in node.named_children:
                self.expr_stmt(child)
        elif t == "return_statement":
            value = node.named_children[0] if node.named_children else None
            v = self.ev(value) if value is not None else CLEAN
            if nkey(node) in self.watch:
                self.record(node, [v], {}, None)
            self.returns.append(v)
            if self.env is not None:
                self.exit_envs.append(self.env)
                self.return_points.append((dict(self.env), value, v))
            self.env = None
        elif t == "raise_statement":
            for c in node.named_children:
                self.ev(c)
            self.env = None
        elif t in {"break_statement", "continue_statement"}:
            if self.loop_exits and self.env is not None:
                self.loop_exits[-1].append(dict(self.env))
            self.env = None
        elif t == "if_statement":
            self.if_stmt(node)
        elif t == "for_statement":
            self.for_stmt(node)
        elif t == "while_statement":
            self.while_stmt(node)
        elif t == "try_statement":
            self.try_stmt(node)
        elif t == "with_statement":
            self.with_stmt(node)
        elif t == "match_statement":
            self.match_stmt(node)
        elif t in {"function_definition", "class_definition"}:
            name = text(node.child_by_field_name("name"))
            if self.env is not None and name:
                self.env[name] = CLEAN
        elif t == "decorated_definition":
            inner = node.child_by_field_name("definition")
            for d in node.named_children:
                if d.type == "decorator":
                    self.ev(d.named_children[0]) if d.named_children else None
            if inner is not None:
                self.stmt(inner)
        elif t in {"import_statement", "import_from_statement", "future_import_statement"}:
            if self.env is not None:
                for name in import_bindings(node):
                    self.env.pop(name, None)  # names resolve through the module's import table
        elif t == "assert_statement":
            vals = [self.ev(c) for c in node.named_children]
            if nkey(node) in self.watch and node.named_children:
                # what the assert checks (bandit's B101): the values it compares, not the bool it makes
                self.record(node, [*vals[:1], *self.operands(node.named_children[0])], {}, None)
        elif t == "delete_statement":
            pass
        elif t == "block":
            self.block(node.named_children)
        else:
            for c in node.named_children:
                if c.type.endswith("statement") or c.type == "block":
                    self.stmt(c)
                else:
                    self.ev(c)

    def expr_stmt(self, node: Node) -> None:
        if node.type == "assignment":
            self.assignment(node)
        elif node.type == "augmented_assignment":
            left, right, op = (node.child_by_field_name(f) for f in ("left", "right", "operator"))
            if left is None or right is None:
                return
            old = self.ev(left)
            new = self.ev(right)
            opname = text(op).rstrip("=")
            v = combine([old, new], const=constfold.binary(opname, old.const, new.const))
            if (
                old.fields is not None
                and new.fields is not None
                and old.exact
                and new.exact
                and opname == "+"
            ):
                items = list(old.fields) + [(len(old.fields) + i, fv) for i, (_, fv) in enumerate(new.fields)]
                v = container(items, exact=True, const=v.const)
            self.bind(left, v.with_step(self.note(node, f"{text(left)} {text(op)} ...", "step")), node)
        else:
            v = self.ev(node)
            if (
                node.type == "call"
                and self.qualify(node.child_by_field_name("function"))[0] in self.spec.terminators
            ):
                self.env = None
            elif node.type == "call" and self.env is not None:
                for key, note in self.return_validation(node):
                    cur = self.env.get(key)
                    if cur is not None:
                        self.env[key] = cur.cleaned(note) if cur.origins else cur.with_note(note)
            del v

    def assignment(self, node: Node) -> None:
        right = node.child_by_field_name("right")
        left = node.child_by_field_name("left")
        if right is None or left is None:
            return
        if right.type == "assignment":
            # a = b = value
            self.assignment(right)
            inner = right
            while inner.type == "assignment":
                nxt = inner.child_by_field_name("right")
                if nxt is None:
                    return
                inner = nxt
            v = self.ev_cached(inner)
        else:
            v = self.ev(right)
        if nkey(node) in self.watch:
            key = CLEAN
            if left.type == "subscript":
                sub = left.child_by_field_name("subscript")
                key = self.ev(sub) if sub is not None else CLEAN
            self.record(node, [v, key], {}, None)
        if v.tainted:
            v = v.with_step(self.note(node, f"{text(left)} = {short(text(right))}", "step"))
        elif v.is_const and left.type == "identifier" and not v.notes:
            v = v.with_note(
                self.note(node, f"{text(left)} is the constant {short(repr(v.const))}", "constant")
            )
        elif v.choices and len(v.choices) <= 4 and left.type == "identifier" and not v.notes:
            shown = ", ".join(sorted(short(repr(c)) for c in v.choices))
            v = v.with_note(self.note(node, f"{text(left)} is one of the constants {shown}", "constant"))
        self.bind(left, v, node)

    def ev_cached(self, node: Node) -> Val:
        return self.ev(node)

    def operands(self, cond: Node) -> list[Val]:
        """The values a condition reads: its names, attributes and subscripts (outermost only), the
        arguments of its calls, never the callees."""
        out: list[Val] = []
        stack = [cond]
        while stack:
            n = stack.pop()
            if n.type in {"identifier", "attribute", "subscript"}:
                out.append(self.ev(n))
                continue
            if n.type == "call":
                args = n.child_by_field_name("arguments")
                stack.extend(args.named_children if args is not None else [])
                fn = n.child_by_field_name("function")
                receiver = (
                    fn.child_by_field_name("object") if fn is not None and fn.type == "attribute" else None
                )
                if receiver is not None:
                    stack.append(receiver)  # the receiver of a method
                continue
            if n.type == "keyword_argument":
                value = n.child_by_field_name("value")
                if value is not None:
                    stack.append(value)
                continue
            stack.extend(n.named_children)
        return out

    def bind(self, target: Node, v: Val, at: Node) -> None:
        if self.env is None:
            return
        t = target.type
        if t == "identifier":
            self.env[text(target)] = v
        elif t == "attribute":
            key = text(target)
            self.env[key] = v
            if key.startswith("self."):
                attr = key[5:]
                self.self_attrs[attr] = join(self.self_attrs[attr], v) if attr in self.self_attrs else v
        elif t == "subscript":
            base = target.child_by_field_name("value")
            sub = target.child_by_field_name("subscript")
            if base is None:
                return
            ckey: Any = self.ev(sub).const if sub is not None else NOT_CONST
            self.container_write(base, ckey, v)
        elif t in {"pattern_list", "tuple_pattern", "list_pattern", "tuple", "list"}:
            targets = [c for c in target.named_children]
            star = [i for i, c in enumerate(targets) if c.type == "list_splat_pattern"]
            if v.fields is not None and v.exact and not star and len(v.fields) == len(targets):
                for (_, fv), tnode in zip(v.fields, targets, strict=True):
                    self.bind(tnode, fv, at)
            else:
                elem = v.element()
                for tnode in targets:
                    if tnode.type == "list_splat_pattern":
                        inner = tnode.named_children[0] if tnode.named_children else None
                        if inner is not None:
                            self.bind(inner, replace(elem, fields=None), at)
                    else:
                        self.bind(tnode, elem, at)
        elif (t == "parenthesized_expression" and target.named_children) or (
            t == "list_splat_pattern" and target.named_children
        ):
            self.bind(target.named_children[0], v, at)

    def container_write(self, base: Node, key: Any, v: Val) -> None:
        if self.env is None:
            return
        self.update_location(base, lambda old: write_field(old, key, v))

    def update_location(self, target: Node, change: Callable[[Val], Val]) -> bool:
        """Change what a variable, an attribute or an element of either holds (``d["k"].append(x)``
        changes ``d``; ``d[k1][k2] = x`` changes ``d``): False when the location is no variable
        (a call's result), whose change nobody can read back."""
        if self.env is None:
            return False
        t = target.type
        if t == "parenthesized_expression" and target.named_children:
            return self.update_location(target.named_children[0], change)
        if t in {"identifier", "attribute"}:
            name = text(target)
            old = self.env.get(name)
            if old is None:
                old = self.ev(target)
            new = self.env[name] = change(old)
            if name.startswith("self."):
                # what other methods read of the attribute: every value it ever holds here
                attr = name[5:]
                self.self_attrs[attr] = join(self.self_attrs[attr], new) if attr in self.self_attrs else new
            return True
        if t == "subscript":
            base = target.child_by_field_name("value")
            subs = [c for i, c in enumerate(target.children) if target.field_name_for_child(i) == "subscript"]
            if base is None:
                return False
            key: Any = NOT_CONST
            if len(subs) == 1 and subs[0].type != "slice":
                key = self.ev(subs[0]).const
            else:
                for s in subs:
                    self.ev(s)

            def inner(old: Val) -> Val:
                cur = old.field(key) if key is not NOT_CONST else None
                if cur is None:
                    cur = old.element()
                return write_field(old, key, change(cur))

            return self.update_location(base, inner)
        self.ev(target)
        return False

    def if_stmt(self, node: Node) -> None:
        clauses: list[tuple[Node | None, Node]] = []
        cond = node.child_by_field_name("condition")
        body = node.child_by_field_name("consequence")
        if body is None:
            return
        clauses.append((cond, body))
        for c in node.children:
            if c.type == "elif_clause":
                cb = c.child_by_field_name("consequence")
                if cb is not None:
                    clauses.append((c.child_by_field_name("condition"), cb))
            elif c.type == "else_clause":
                eb = c.child_by_field_name("body")
                if eb is not None:
                    clauses.append((None, eb))
        if clauses[-1][0] is not None:
            clauses.append((None, None))  # type: ignore[arg-type]
        self.branches(clauses)

    def branches(self, clauses: Sequence[tuple[Node | None, Node | None]]) -> None:
        """if/elif/else: each clause runs in the env refined by the previous conditions being false."""
        current = self.env
        outs: list[Env | None] = []
        decided = False
        for cond, body in clauses:
            if current is None:
                break
            if decided:
                if body is not None:
                    self.mark_dead([body], "dead branch: an earlier condition is always true")
                continue
            if cond is None:
                self.env = dict(current)
                if body is not None:
                    self.block(body.named_children)
                outs.append(self.env)
                current = None
                break
            self.env = dict(current)
            cv = self.ev(cond)
            current = self.env if self.env is not None else current
            truth = self.truth(cond, cv)
            if truth is False:
                if body is not None:
                    self.mark_dead([body], f"dead branch: `{short(text(cond))}` is always false")
                continue
            env_true = self.refine(dict(current), cond, True)
            self.env = env_true
            if body is not None:
                self.block(body.named_children)
            outs.append(self.env)
            if truth is True:
                decided = True
                current = None
                continue
            current = self.refine(dict(current), cond, False)
        if current is not None and not decided:
            outs.append(current)
        self.env = join_envs(outs)

    def for_stmt(self, node: Node) -> None:
        left, right, body = (node.child_by_field_name(f) for f in ("left", "right", "body"))
        if right is None or body is None or left is None:
            return
        it = self.ev(right)
        elem = it.element() if it.fields is not None or it.tainted else replace(it, const=NOT_CONST)
        if it.fields is not None and it.exact and not it.fields:
            self.mark_dead([body], "dead loop: the iterable is always empty")
            alt = node.child_by_field_name("alternative")
            if alt is not None:
                self.stmt(alt)
            return
        if it.is_const and isinstance(it.const, tuple | str | frozenset) and len(it.const) == 0:
            self.mark_dead([body], "dead loop: the iterable is always empty")
            return
        before = self.env
        self.loop(lambda: self.bind(left, elem, node), body, before)
        alt = node.child_by_field_name("alternative")
        if alt is not None and self.env is not None:
            self.stmt(alt)

    def while_stmt(self, node: Node) -> None:
        cond, body = node.child_by_field_name("condition"), node.child_by_field_name("body")
        if cond is None or body is None:
            return
        cv = self.ev(cond)
        truth = self.truth(cond, cv)
        if truth is False:
            self.mark_dead([body], f"dead loop: `{short(text(cond))}` is always false")
            return
        before = self.env
        self.loop(lambda: None, body, before, infinite=truth is True, cond=cond)

    def loop(
        self,
        bind: Callable[[], None],
        body: Node,
        before: Env | None,
        infinite: bool = False,
        cond: Node | None = None,
    ) -> None:
        if before is None:
            return
        state: Env = dict(before)
        exits: list[Env] = []
        for _ in range(LOOP_ROUNDS):
            self.env = dict(state)
            if cond is not None:
                self.env = self.refine(self.env, cond, True)
            bind()
            self.loop_exits.append([])
            self.block(body.named_children)
            exits = self.loop_exits.pop()
            new_state = join_envs([state, self.env, *exits])
            if new_state is None:
                break
            if env_same(new_state, state):
                state = new_state
                break
            state = new_state
        if infinite:
            self.env = join_envs(exits) if exits else None
        else:
            after = state if cond is None else self.refine(dict(state), cond, False)
            self.env = after

    def try_stmt(self, node: Node) -> None:
        before = dict(self.env) if self.env is not None else None
        body = node.child_by_field_name("body")
        if body is not None:
            self.block(body.named_children)
        after_body = self.env
        outs: list[Env | None] = []
        finally_clause = None
        else_clause = None
        handler_start = join_envs([before, after_body])
        for c in node.children:
            if c.type in {"except_clause", "except_group_clause"}:
                self.env = dict(handler_start) if handler_start is not None else None
                for sub in c.named_children:
                    if sub.type == "as_pattern":
                        alias = sub.child_by_field_name("alias")
                        if alias is not None and alias.named_children:
                            self.bind(alias.named_children[0], CLEAN, sub)
                    elif sub.type == "block":
                        self.block(sub.named_children)
                outs.append(self.env)
            elif c.type == "else_clause":
                else_clause = c
            elif c.type == "finally_clause":
                finally_clause = c
        self.env = after_body
        if else_clause is not None:
            eb = else_clause.child_by_field_name("body")
            if eb is not None:
                self.block(eb.named_children)
        outs.append(self.env)
        self.env = join_envs(outs)
        if finally_clause is not None:
            terminated = self.env is None
            self.env = self.env if self.env is not None else handler_start
            for sub in finally_clause.named_children:
                if sub.type == "block":
                    self.block(sub.named_children)
            if terminated:
                self.env = None

    def with_stmt(self, node: Node) -> None:
        for c in node.children:
            if c.type == "with_clause":
                for item in c.named_children:
                    value = item.child_by_field_name("value")
                    if value is None:
                        continue
                    if value.type == "as_pattern":
                        expr = value.named_children[0] if value.named_children else None
                        alias = value.child_by_field_name("alias")
                        v = self.ev(expr) if expr is not None else CLEAN
                        if alias is not None and alias.named_children:
                            self.bind(alias.named_children[0], v, item)
                    else:
                        self.ev(value)
        body = node.child_by_field_name("body")
        if body is not None:
            self.block(body.named_children)

    def match_stmt(self, node: Node) -> None:
        subject = node.child_by_field_name("subject")
        if subject is not None:
            self.ev(subject)
        body = node.child_by_field_name("body")
        if body is None:
            return
        before = self.env
        outs: list[Env | None] = [before]
        for case in body.named_children:
            if case.type != "case_clause":
                continue
            self.env = dict(before) if before is not None else None
            cons = case.child_by_field_name("consequence")
            if cons is not None:
                self.block(cons.named_children)
            outs.append(self.env)
        self.env = join_envs(outs)


def join_envs(envs: Iterable[Env | None]) -> Env | None:
    live = [e for e in envs if e is not None]
    if not live:
        return None
    if len(live) == 1:
        return dict(live[0])
    keys: set[str] = set()
    for e in live:
        keys |= e.keys()
    out: Env = {}
    for k in keys:
        vals = [e[k] for e in live if k in e]
        v = join_all(vals)
        if len(vals) < len(live):
            # defined on some paths only: elsewhere it is unbound (using it raises)
            pass
        out[k] = v
    return out


def env_same(a: Env, b: Env) -> bool:
    if a.keys() != b.keys():
        return False
    for k, v in a.items():
        w = b[k]
        if v.origins != w.origins or v.flags != w.flags or (v.fields is None) != (w.fields is None):
            return False
        if v.fields is not None and w.fields is not None and len(v.fields) != len(w.fields):
            return False
    return True


def write_field(old: Val, key: Any, v: Val) -> Val:
    """``old`` with ``v`` stored under ``key`` (an unknown key: anywhere in it)."""
    if old.fields is not None and key is not NOT_CONST:
        items = [(k, fv) for k, fv in old.fields if not (k == key and type(k) is type(key))]
        replaced = len(items) != len(old.fields)
        # writing past a known list's end raises: keep what we know, but no longer exactly
        exact = False if isinstance(key, int) and not replaced and old.exact else old.exact
        items.append((key, v))
        if old.exact and isinstance(key, int) and not isinstance(key, bool):
            items.sort(key=lambda kv: kv[0] if isinstance(kv[0], int) else 0)
        new = container(items, exact=exact)
        if not exact:
            new = replace(new, origins=new.origins | old.origins)
        return new
    if key is not NOT_CONST and old.fields is None and not old.tainted and not old.is_const:
        return container([(key, v)], exact=False)
    return replace(combine([old, v]), fields=None)
