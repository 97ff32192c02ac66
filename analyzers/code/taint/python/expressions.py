"""Expressions: literals, names, attributes, subscripts, operators and containers as abstract values."""

from __future__ import annotations

import builtins
import re
from dataclasses import replace
from typing import Any

from tree_sitter import Node

from ... import constfold
from ...constfold import NOT_CONST
from ..values import CLEAN, Origin, Val, combine, container, join, join_all
from .base import InterpBase
from .spec import fill
from .syntax import decorators, dotted_parts, enclosing_class, hashable, line_of, short, text

BUILTIN_NAMES = frozenset(dir(builtins))


class ExpressionsMixin(InterpBase):
    def ev(self, node: Node | None) -> Val:
        if node is None:
            return CLEAN
        t = node.type
        if t in {"string", "concatenated_string"}:
            return self.ev_string(node)
        if t in {"integer", "float", "true", "false", "none"}:
            return Val(const=constfold.literal(node))
        if t == "identifier":
            return self.ev_name(node)
        if t == "attribute":
            return self.ev_attribute(node)
        if t == "subscript":
            return self.ev_subscript(node)
        if t == "call":
            return self.ev_call(node)
        if t == "binary_operator":
            left, right, op = (node.child_by_field_name(f) for f in ("left", "right", "operator"))
            lv, rv = self.ev(left), self.ev(right)
            const = constfold.binary(text(op), lv.const, rv.const)
            if text(op) == "%" and right is not None and right.type in {"list", "list_comprehension"}:
                const = NOT_CONST  # lists fold to tuples, and "%s" % [1] is not "%s" % (1,)
            if text(op) == "%" and isinstance(lv.const, str) and rv.tainted:
                rv = self.numeric_format(node, lv.const, rv)
            if text(op) == "+" and lv.fields is not None and rv.fields is not None and lv.exact and rv.exact:
                items = list(lv.fields) + [(len(lv.fields) + i, v) for i, (_, v) in enumerate(rv.fields)]
                return container(items, exact=True, const=const)
            out = combine([lv, rv], const=const)
            lead = ""
            if text(op) == "+":
                lead = lv.lead() + rv.lead() if isinstance(lv.const, str) else lv.lead()
            elif text(op) == "%" and isinstance(lv.const, str):
                lead = lv.const.split("%", 1)[0]
            return replace(out, prefix=lead) if lead else out
        if t == "unary_operator":
            arg = node.child_by_field_name("argument")
            v = self.ev(arg)
            return Val(
                const=constfold.unary(text(node.child_by_field_name("operator")), v.const), notes=v.notes
            )
        if t == "not_operator":
            v = self.ev(node.child_by_field_name("argument"))
            return Val(const=constfold.unary("not", v.const))
        if t == "boolean_operator":
            left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
            bop = text(node.child_by_field_name("operator"))
            lv = self.ev(left)
            truth = constfold.truthy(lv.const)
            if truth is not None and ((bop == "and" and not truth) or (bop == "or" and truth)):
                return lv
            saved = self.env
            if self.env is not None and left is not None:
                self.env = self.refine(dict(self.env), left, bop == "and")
            rv = self.ev(right)
            self.env = saved
            if truth is not None:
                return rv
            return join(lv, rv)
        if t == "comparison_operator":
            operands = [self.ev(c) for c in constfold.comparison_operands(node)]
            return Val(
                const=constfold.compare([v.const for v in operands], constfold.comparison_operators(node))
            )
        if t == "conditional_expression":
            return self.ev_ternary(node)
        if t == "parenthesized_expression":
            return self.ev(node.named_children[0]) if node.named_children else CLEAN
        if t in {"list", "tuple", "set", "expression_list"}:
            return self.ev_sequence(node)
        if t == "dictionary":
            return self.ev_dict(node)
        if t in {
            "list_comprehension",
            "set_comprehension",
            "generator_expression",
            "dictionary_comprehension",
        }:
            return self.ev_comprehension(node)
        if t == "lambda":
            body = node.child_by_field_name("body")
            saved = self.env
            if self.env is not None and body is not None:
                inner = dict(self.env)
                params = node.child_by_field_name("parameters")
                for p in params.named_children if params is not None else []:
                    inner[text(p.child_by_field_name("name") or p)] = Val(
                        origins=frozenset({Origin("unknown", "a lambda parameter", self.path, line_of(node))})
                    )
                self.env = inner
                self.ev(body)
                self.env = saved
            return CLEAN
        if t == "await":
            return self.ev(node.named_children[0]) if node.named_children else CLEAN
        if t == "named_expression":
            name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
            v = self.ev(value)
            if name is not None:
                self.bind(name, v, node)
            return v
        if t == "yield":
            v = self.ev(node.named_children[0]) if node.named_children else CLEAN
            self.returns.append(v)
            return CLEAN
        if t in {"keyword_argument"}:
            return self.ev(node.child_by_field_name("value"))
        if t in {"list_splat", "dictionary_splat", "parenthesized_list_splat"}:
            return self.ev(node.named_children[0]).element() if node.named_children else CLEAN
        if t in {"ellipsis", "comment"}:
            return CLEAN
        if t == "slice":
            return combine([self.ev(c) for c in node.named_children])
        parts = [self.ev(c) for c in node.named_children]
        return combine(parts)

    def ev_string(self, node: Node) -> Val:
        const = constfold.literal(node)
        if const is not NOT_CONST:
            return Val(const=const)
        parts: list[Val] = []
        strings = [node] if node.type == "string" else [c for c in node.named_children if c.type == "string"]
        for s in strings:
            for c in s.named_children:
                if c.type == "interpolation":
                    expr = c.child_by_field_name("expression")
                    v = self.ev(expr)
                    spec = c.child_by_field_name("format_specifier")
                    if spec is not None and v.tainted and re.search(r"[dxXobeEfFgGn%]\s*\}?$", text(spec)):
                        v = v.cleaned(self.note(c, f"formatted as a number (`{text(spec)}`)", "sanitizer"))
                    parts.append(v)
        folded = constfold.fold(
            node,
            lambda name: (
                self.env.get(name, CLEAN).const if self.env is not None and name in self.env else NOT_CONST
            ),
        )
        out = combine(parts, const=folded)
        lead = literal_lead(node)
        return replace(out, prefix=lead) if lead and folded is NOT_CONST else out

    def numeric_format(self, node: Node, fmt: str, args: Val) -> Val:
        """``"... %d ..." % x``: arguments consumed by numeric conversions carry no text."""
        convs = [
            m.group(1)
            for m in re.finditer(
                r"%(?:\([^)]*\))?[-+ #0]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?([diouxXeEfFgGcrsa%])", fmt
            )
        ]
        convs = [c for c in convs if c != "%"]
        numeric = set("diouxXeEfFgG")
        if not convs or ("(" in fmt and "%(" in fmt):
            return args
        note = self.note(node, "formatted with a numeric conversion (%d): no text survives", "sanitizer")
        if args.fields is not None and args.exact and len(args.fields) == len(convs):
            items = [
                (k, v.cleaned(note) if c in numeric and v.tainted else v)
                for (k, v), c in zip(args.fields, convs, strict=True)
            ]
            return container(items, exact=True)
        if len(convs) == 1 and convs[0] in numeric and args.fields is None:
            return args.cleaned(note)
        return args

    def ev_name(self, node: Node) -> Val:
        name = text(node)
        if self.env is not None and name in self.env:
            return self.env[name]
        if name in self.locals and not self.is_module:
            # assigned in this function but not on any path reaching here
            return Val(
                origins=frozenset(
                    {Origin("unknown", f"'{name}' (not assigned on this path)", self.path, line_of(node))}
                )
            )
        q = self.info.qualify_root(name)
        if q is not None:
            return self.ev_qualified(node, q, name)
        if name in self.info.defs:
            return CLEAN
        menv = self.menv()
        if name in menv:
            return menv[name]
        if name in {"__name__", "__file__", "__doc__"}:
            return CLEAN
        if name in BUILTIN_NAMES:
            return CLEAN
        return Val(origins=frozenset({Origin("unknown", f"'{name}'", self.path, line_of(node))}))

    def ev_qualified(self, node: Node, qualified: str, local: str) -> Val:
        flags = self.spec.values.get(qualified)
        if flags is not None:
            return Val(flags=flags)
        if self.is_source_object(qualified):
            o = Origin("source", qualified, self.path, line_of(node))
            return Val(
                origins=frozenset({o}),
                steps=(self.note(node, f"{qualified} (user-controlled input)", "source"),),
            )
        glob = self.engine.resolve_global(self.path, local, line_of(node))
        if glob is not None:
            gpath, gname = glob
            env = self.engine.module_env(gpath, self.family)
            if gname in env:
                return env[gname]
        return CLEAN  # a module, a class, a function or a constant of a library

    def ev_attribute(self, node: Node) -> Val:
        key = text(node)
        if self.env is not None and key in self.env:
            return self.env[key]
        parts = dotted_parts(node)
        if parts is not None:
            root = text(parts[0])
            if root in {"self", "cls"} and len(parts) == 2:
                return self.class_attribute(node, text(parts[1]))
            if not (root in self.locals and not self.is_module) and (
                self.env is None or root not in self.env
            ):
                q = self.info.qualify_root(root)
                if q is not None:
                    full = self.info.normalize(".".join([q, *[text(p) for p in parts[1:]]]))
                    flags = self.spec.values.get(full)
                    if flags is not None:
                        return Val(flags=flags)
                    if self.is_source_object(full):
                        o = Origin("source", full, self.path, line_of(node))
                        return Val(
                            origins=frozenset({o}),
                            steps=(self.note(node, f"{full} (user-controlled input)", "source"),),
                        )
                    glob = self.engine.resolve_global(
                        self.path, ".".join(text(p) for p in parts), line_of(node)
                    )
                    if glob is not None:
                        env = self.engine.module_env(glob[0], self.family)
                        if glob[1] in env:
                            return env[glob[1]]
                    return CLEAN
        obj = node.child_by_field_name("object")
        base = self.ev(obj)
        attr = text(node.child_by_field_name("attribute"))
        fam = self.fam
        if fam is not None and fam.attribute_sanitizers and obj is not None and obj.type == "call":
            q, _ = self.qualify(obj.child_by_field_name("function"))
            for sani in fam.attribute_sanitizers:
                if attr in sani.attributes and q.startswith(sani.of):
                    why = fill(sani.why or "only .{attr} of {name}() is used", attr=attr, name=q)
                    return base.cleaned(self.note(node, why, "sanitizer"))
        if base.tainted:
            return replace(base, fields=None, exact=False, const=NOT_CONST)
        return Val(notes=base.notes)

    def class_attribute(self, node: Node, attr: str) -> Val:
        cls = enclosing_class(self.func) if self.func is not None else None
        if cls is None:
            return Val(origins=frozenset({Origin("unknown", f"self.{attr}", self.path, line_of(node))}))
        body = cls.child_by_field_name("body")
        vals: list[Val] = []
        for stmt in body.named_children if body is not None else []:
            inner = stmt
            if stmt.type == "decorated_definition":
                d = stmt.child_by_field_name("definition")
                inner = d if d is not None else stmt
            if inner.type == "expression_statement" and inner.named_children:
                a = inner.named_children[0]
                if a.type == "assignment" and text(a.child_by_field_name("left")) == attr:
                    right = a.child_by_field_name("right")
                    if right is not None:
                        vals.append(self.ev(right))
                    if right is None or (
                        a.child_by_field_name("type") is not None and is_dataclass(cls, self)
                    ):
                        # a declared field (``val: str``): whoever constructs the object sets it
                        vals.append(self.constructed_field(node, attr, cls))
            elif inner.type == "function_definition" and text(inner.child_by_field_name("name")) == attr:
                # a property (or cached_property, or a method): computed, not one of the values assigned
                what = f"self.{attr} (computed by {attr}() of the class)"
                vals.append(Val(origins=frozenset({Origin("unknown", what, self.path, line_of(inner))})))
            elif inner.type == "function_definition" and inner != self.func:
                if f"self.{attr}" not in (inner.text or b"").decode("utf-8", "replace"):
                    continue
                res = self.engine.analyse(self.path, inner, self.family)
                v = res.self_attrs.get(attr)
                if v is not None:
                    # parameters of other methods: whoever constructs or calls the object
                    vals.append(
                        params_external(v, f"a parameter of {text(inner.child_by_field_name('name'))}()")
                    )
        if not vals:
            return Val(origins=frozenset({Origin("unknown", f"self.{attr}", self.path, line_of(node))}))
        return join_all(vals)

    def constructed_field(self, node: Node, attr: str, cls: Node) -> Val:
        """A field the constructor fills: what the instance was built from when this method runs on
        a known instance (a call in context), else unknown."""
        me = self.env.get("self") if self.env is not None else None
        if me is None or any(o.kind == "param" for o in me.origins):
            what = f"field {text(cls.child_by_field_name('name'))}.{attr} (set by whoever constructs it)"
            return Val(origins=frozenset({Origin("unknown", what, self.path, line_of(node))}))
        return replace(me, fields=None, exact=False, const=NOT_CONST, flags=frozenset())

    def ev_subscript(self, node: Node) -> Val:
        base = self.ev(node.child_by_field_name("value"))
        subs = [c for i, c in enumerate(node.children) if node.field_name_for_child(i) == "subscript"]
        if len(subs) != 1:
            for s in subs:
                self.ev(s)
            return base.element()
        sub = subs[0]
        if sub.type == "slice":
            self.ev(sub)
            const = NOT_CONST
            return replace(base, fields=None, exact=False, const=const)
        key = self.ev(sub)
        if base.fields is not None and key.is_const:
            k = key.const
            if isinstance(k, int) and not isinstance(k, bool) and k < 0 and base.exact:
                k = len(base.fields) + k
            fv = base.field(k)
            if fv is not None:
                return fv
        if base.is_const and key.is_const:
            try:
                c = base.const[key.const]
            except Exception:
                c = NOT_CONST  # an index error at run time: nothing known
            if c is not NOT_CONST:
                return Val(const=c, notes=base.notes)
        return base.element()

    def ev_ternary(self, node: Node) -> Val:
        parts = node.named_children
        if len(parts) != 3:
            return combine([self.ev(p) for p in parts])
        body, cond, alt = parts
        cv = self.ev(cond)
        truth = self.truth(cond, cv)
        if truth is True:
            self.mark_dead([alt], f"dead branch: `{short(text(cond))}` is always true")
            return self.ev(body)
        if truth is False:
            self.mark_dead([body], f"dead branch: `{short(text(cond))}` is always false")
            return self.ev(alt)
        saved = self.env
        if saved is None:
            return CLEAN
        self.env = self.refine(dict(saved), cond, True)
        a = self.ev(body)
        self.env = self.refine(dict(saved), cond, False)
        b = self.ev(alt)
        self.env = saved
        return join(a, b)

    def ev_sequence(self, node: Node) -> Val:
        items: list[tuple[Any, Val]] = []
        exact = True
        for c in node.named_children:
            if c.type in {"list_splat", "parenthesized_list_splat"}:
                inner = self.ev(c.named_children[0]) if c.named_children else CLEAN
                if inner.fields is not None and inner.exact:
                    for _, fv in inner.fields:
                        items.append((len(items), fv))
                else:
                    exact = False
                    items.append((len(items), inner.element()))
                continue
            if c.type == "comment":
                continue
            items.append((len(items), self.ev(c)))
        const: Any = NOT_CONST
        if all(v.is_const for _, v in items) and exact:
            consts = tuple(v.const for _, v in items)
            const = frozenset(consts) if node.type == "set" and hashable(consts) else consts
        if node.type == "set":
            exact = False
        return container(items, exact=exact, const=const)

    def ev_dict(self, node: Node) -> Val:
        items: list[tuple[Any, Val]] = []
        exact = True
        extra: list[Val] = []
        for c in node.named_children:
            if c.type == "pair":
                k = self.ev(c.child_by_field_name("key"))
                v = self.ev(c.child_by_field_name("value"))
                if k.is_const and hashable((k.const,)):
                    items = [
                        (kk, vv) for kk, vv in items if not (kk == k.const and type(kk) is type(k.const))
                    ]
                    items.append((k.const, v))
                else:
                    exact = False
                    extra.append(combine([k, v]))
            elif c.type == "dictionary_splat":
                inner = self.ev(c.named_children[0]) if c.named_children else CLEAN
                if inner.fields is not None and inner.exact:
                    items.extend(inner.fields)
                else:
                    exact = False
                    extra.append(inner)
        out = container(items, exact=exact)
        if extra:
            out = replace(out, origins=out.origins | combine(extra).origins)
        return out

    def ev_comprehension(self, node: Node) -> Val:
        saved = self.env
        if saved is None:
            return CLEAN
        self.env = dict(saved)
        body = node.child_by_field_name("body")
        for c in node.named_children:
            if c.type == "for_in_clause":
                left, right = c.child_by_field_name("left"), c.child_by_field_name("right")
                it = self.ev(right)
                if left is not None:
                    self.bind(
                        left,
                        it.element()
                        if (it.fields is not None or it.tainted)
                        else replace(it, const=NOT_CONST),
                        c,
                    )
            elif c.type == "if_clause" and c.named_children and self.env is not None:
                self.ev(c.named_children[0])
                self.env = self.refine(self.env, c.named_children[0], True)
        if body is not None and body.type == "pair":
            v = combine(
                [self.ev(body.child_by_field_name("key")), self.ev(body.child_by_field_name("value"))]
            )
        else:
            v = self.ev(body)
        self.env = saved
        return replace(v, fields=None, exact=False, const=NOT_CONST)


def literal_lead(node: Node) -> str:
    """The literal text an f-string starts with, before its first interpolation ("" if unsure)."""
    first = (
        node if node.type == "string" else next((c for c in node.named_children if c.type == "string"), None)
    )
    if first is None:
        return ""
    for c in first.children:
        if c.type == "string_start":
            continue
        if c.type == "string_content":
            raw = text(c)
            return raw.split("\\", 1)[0].split("{", 1)[0]
        return ""
    return ""


def params_external(v: Val, what: str) -> Val:
    if not any(o.kind == "param" for o in v.origins):
        return v
    origins = frozenset(
        Origin("unknown", what, o.path, o.line) if o.kind == "param" else o for o in v.origins
    )
    return replace(v, origins=origins)


def is_dataclass(cls: Node, interp: InterpBase) -> bool:
    """A class whose declared fields the constructor fills (the models' ``constructor-fields`` classes)."""
    for d in decorators(cls):
        expr = d.named_children[0] if d.named_children else None
        callee = expr.child_by_field_name("function") if expr is not None and expr.type == "call" else expr
        q, _ = interp.qualify(callee)
        if q.split(".")[-1] in interp.spec.field_decorators:
            return True
    supers = cls.child_by_field_name("superclasses")
    return supers is not None and any(
        text(b).split(".")[-1] in interp.spec.field_bases for b in supers.named_children
    )
