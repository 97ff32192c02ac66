"""Guards: conditions that prove a variable safe on the branch where they hold (allow-lists,
equality with a constant, restrictive patterns, validators of the models, containment checks)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tree_sitter import Node

from ... import constfold
from ..values import Note, Val
from .base import InterpBase
from .results import Env
from .spec import RECEIVER, ArgSpec, Validator, fill
from .syntax import line_of, params_of, short, text, var_key


def _arg_node(args_node: Node, positional: list[Node], spec: ArgSpec) -> Node | None:
    """The argument node for ``spec`` (keyword first, then position) in a call's argument list."""
    pos, kw = spec
    if kw:
        for a in args_node.named_children:
            if a.type == "keyword_argument" and text(a.child_by_field_name("name")) == kw:
                return a.child_by_field_name("value")
    if 0 <= pos < len(positional):
        return positional[pos]
    return None


class GuardsMixin(InterpBase):
    def refine(self, env: Env, cond: Node, truth: bool) -> Env:
        saved = self.env
        self.env = env
        try:
            for key, note in self.validations(cond, truth):
                cur = env.get(key)
                if cur is None:
                    continue
                env[key] = cur.cleaned(note) if cur.tainted or cur.origins else cur.with_note(note)
            for key, flag, note in self.facts(cond, truth):
                cur = env.get(key)
                if cur is not None and flag not in cur.flags:
                    cur = replace(cur, flags=cur.flags | {flag}, notes=(*cur.notes, note)[-6:])
                    env[key] = cur
                fam = self.fam
                if cur is not None and cur.origins and fam is not None:
                    for needed, why in fam.safe_with:
                        if needed <= cur.flags:
                            facts = "; ".join(n.why for n in cur.notes if n.role == "note")
                            env[key] = cur.cleaned(self.note(cond, f"{facts}: {fill(why, var=key)}", "guard"))
                            break
        finally:
            self.env = saved
        return env

    def facts(self, cond: Node, truth: bool) -> list[tuple[str, str, Note]]:
        """Facts short of safety that ``cond`` proves where it is ``truth``: a value that cannot start
        with '-' (``if x.startswith("-"): raise``) is never read as an option."""
        t = cond.type
        if t == "parenthesized_expression" and cond.named_children:
            return self.facts(cond.named_children[0], truth)
        if t == "not_operator":
            arg = cond.child_by_field_name("argument")
            return self.facts(arg, not truth) if arg is not None else []
        if t == "boolean_operator":
            op = text(cond.child_by_field_name("operator"))
            left, right = cond.child_by_field_name("left"), cond.child_by_field_name("right")
            if left is None or right is None or not ((op == "and" and truth) or (op == "or" and not truth)):
                return []
            return self.facts(left, truth) + self.facts(right, truth)
        key: str | None = None
        found: list[tuple[str, str, Note]] = []
        if t == "call" and not truth:
            fn = cond.child_by_field_name("function")
            args = cond.child_by_field_name("arguments")
            if (
                fn is not None
                and fn.type == "attribute"
                and text(fn.child_by_field_name("attribute")) == "startswith"
                and args is not None
                and args.named_children
            ):
                prefix = self.ev(args.named_children[0])
                flat: list[Any] = []
                for p in prefix.possible() or ():
                    flat.extend(p if isinstance(p, tuple) else (p,))
                if "-" in flat:
                    key = var_key(fn.child_by_field_name("object"))
                if "/" in flat:
                    k = var_key(fn.child_by_field_name("object"))
                    if k is not None:
                        found.append(
                            (k, "relative", self.note(cond, f"`{k}` does not start with '/'", "note"))
                        )
            q, is_method = self.qualify(fn)
            if self.spec.concept(q, "absolute-check") is not None and fn is not None:
                target = (
                    fn.child_by_field_name("object")
                    if is_method and fn.type == "attribute"
                    else (args.named_children[0] if args is not None and args.named_children else None)
                )
                k = var_key(target) if target is not None else None
                if k is not None:
                    found.append((k, "relative", self.note(cond, f"`{k}` is not an absolute path", "note")))
        elif t == "comparison_operator":
            ops = constfold.comparison_operators(cond)
            operands = constfold.comparison_operands(cond)
            if (
                len(ops) == 1
                and len(operands) == 2
                and ops[0] in {"in", "not in"}
                and truth == (ops[0] == "not in")
            ):
                needle = self.ev(operands[0]).const
                k = var_key(operands[1])
                if isinstance(needle, str) and ".." in needle and needle.strip("./\\") == "" and k:
                    why = f"`{k}` contains no {needle!r}"
                    found.append(
                        (
                            k,
                            "no_dotdot" if needle == ".." else "no_dotdot_sep",
                            self.note(cond, why, "note"),
                        )
                    )
            if len(ops) == 1 and len(operands) == 2 and ops[0] in {"==", "!="} and truth == (ops[0] == "!="):
                for a, b in (operands, operands[::-1]):
                    if a.type == "subscript" and self.ev(b).const == "-":
                        sub = a.child_by_field_name("subscript")
                        first = sub is not None and (
                            text(sub) == "0" or (sub.type == "slice" and text(sub) in {":1", "0:1"})
                        )
                        if first:
                            key = var_key(a.child_by_field_name("value"))
        if key is not None:
            found.append((key, "no_dash", self.note(cond, f"`{key}` cannot start with '-'", "note")))
        return found

    def validations(self, cond: Node, truth: bool) -> list[tuple[str, Note]]:
        """Variables ``cond`` proves safe (for this family) when it evaluates to ``truth``."""
        t = cond.type
        if t == "parenthesized_expression" and cond.named_children:
            return self.validations(cond.named_children[0], truth)
        if t == "not_operator":
            arg = cond.child_by_field_name("argument")
            return self.validations(arg, not truth) if arg is not None else []
        if t == "boolean_operator":
            op = text(cond.child_by_field_name("operator"))
            left, right = cond.child_by_field_name("left"), cond.child_by_field_name("right")
            if left is None or right is None:
                return []
            if (op == "and" and truth) or (op == "or" and not truth):
                out = self.validations(left, truth) + self.validations(right, truth)
                if op == "and" and truth:
                    out += self.relative_url_check(left, right)
                return out
            return []
        if t == "comparison_operator":
            return self.compare_validation(cond, truth)
        if t == "call":
            return self.call_validation(cond, truth)
        if t == "attribute" and self.family == "redirect":
            # `if urlparse(u).netloc: abort()` -> false branch has no host
            var = self.netloc_var(cond)
            if var is not None and not truth:
                return [(var, self.note(cond, f"`{var}` has no host (relative URL only)", "guard"))]
        return []

    def compare_validation(self, cond: Node, truth: bool) -> list[tuple[str, Note]]:
        ops = constfold.comparison_operators(cond)
        operands = constfold.comparison_operands(cond)
        if len(ops) != 1 or len(operands) != 2:
            return []
        op = ops[0]
        left, right = operands
        if op in {"is not", "is", "!=", "=="} and right.type == "none" and left.type == "call":
            # ``re.fullmatch(p, x) is not None``: the call's result is true (a match, an object)
            return self.validations(left, truth if op in {"is not", "!="} else not truth)
        positive = {"in": True, "not in": False, "==": True, "!=": False, "is": True, "is not": False}.get(op)
        if positive is None:
            return []
        holds = truth if positive else not truth
        if not holds:
            return []
        if op in {"in", "not in"}:
            coll = self.ev(right)
            if coll.tainted or (coll.fields is None and not coll.is_const):
                return []
            var = self.netloc_var(left) if self.family in {"redirect", "ssrf"} else None
            if var is not None:
                return [
                    (var, self.note(cond, f"the host of `{var}` is checked against an allow-list", "guard"))
                ]
            key = var_key(left)
            if key is not None:
                return [(key, self.note(cond, f"`{key}` is checked against a fixed allow-list", "guard"))]
            var = self.netloc_var(left) if self.family == "redirect" else None
            if var is not None:
                return [
                    (var, self.note(cond, f"the host of `{var}` is checked against an allow-list", "guard"))
                ]
            return []
        # equality with a constant
        for a, b in ((left, right), (right, left)):
            bv = self.ev(b)
            if bv.is_const and not bv.tainted:
                key = var_key(a)
                if key is not None:
                    return [
                        (
                            key,
                            self.note(cond, f"`{key}` equals the constant {short(repr(bv.const))}", "guard"),
                        )
                    ]
                var = self.netloc_var(a) if self.family == "redirect" else None
                if var is not None and bv.const in ("", None):
                    return [(var, self.note(cond, f"`{var}` has no host (relative URL only)", "guard"))]
                if self.family == "path":
                    pv = self.commonpath_var(a, bv, b)
                    if pv is not None:
                        return [
                            (
                                pv,
                                self.note(
                                    cond, f"`{pv}` is checked to stay inside the base directory", "guard"
                                ),
                            )
                        ]
        for a, b in ((left, right), (right, left)):
            if self.family == "path":
                bv = self.ev(b)
                if not bv.tainted:
                    pv = self.commonpath_var(a, bv, b)
                    if pv is not None:
                        return [
                            (
                                pv,
                                self.note(
                                    cond, f"`{pv}` is checked to stay inside the base directory", "guard"
                                ),
                            )
                        ]
        return []

    def commonpath_var(self, node: Node, base: Val, base_node: Node) -> str | None:
        """``os.path.commonpath([base, v]) == base`` with ``v`` normalized: ``v`` is inside ``base``."""
        if node.type != "call":
            return None
        q, _ = self.qualify(node.child_by_field_name("function"))
        if self.spec.concept(q, "common-path") is None or base.tainted:
            return None
        args = node.child_by_field_name("arguments")
        if args is None or not args.named_children:
            return None
        lst = args.named_children[0]
        if lst.type not in {"list", "tuple"}:
            return None
        for item in lst.named_children:
            key = var_key(item)
            if key is None or self.env is None or key == text(base_node):
                continue
            v = self.env.get(key)
            if v is not None and "normalized" in v.flags:
                return key
        return None

    def call_validation(self, cond: Node, truth: bool) -> list[tuple[str, Note]]:
        fn = cond.child_by_field_name("function")
        args_node = cond.child_by_field_name("arguments")
        if fn is None or args_node is None:
            return []
        own = self.workspace_validation(cond, "true" if truth else "false")
        if own or not truth:
            return own
        args = [a for a in args_node.named_children if a.type != "keyword_argument"]
        q, _is_method = self.qualify(fn)
        fam = self.fam
        validator = self.validator_of(q, "true")
        if validator is not None:
            found = self.validated(cond, validator, q, (args_node, args))
            if found:
                return found
        if fn.type == "attribute":
            obj = fn.child_by_field_name("object")
            method = text(fn.child_by_field_name("attribute"))
            mv = fam.method_validators.get(method) if fam is not None else None
            if mv is not None and mv.on == "true":
                found = self.method_validation(cond, mv, obj, (args_node, args), method)
                if found:
                    return found
            concept = self.spec.concept("." + method, "regex-match") or self.spec.concept(
                "." + method, "regex-fullmatch"
            )
            if concept is not None and obj is not None and args:
                pat = self.ev(obj)
                if "regex" in pat.flags:
                    pattern = next((f[6:] for f in pat.flags if f.startswith("regex:")), None)
                    k = var_key(args[0])
                    full = concept.concept == "regex-fullmatch"
                    if pattern is not None and k and self.restrictive(pattern, full):
                        return [
                            (
                                k,
                                self.note(
                                    cond, f"`{k}` must match the pattern {short(repr(pattern))}", "guard"
                                ),
                            )
                        ]
        concept = self.spec.concept(q, "regex-match") or self.spec.concept(q, "regex-fullmatch")
        if concept is not None and len(args) >= 2:
            pat = self.ev(args[0])
            k = var_key(args[1])
            full = concept.concept == "regex-fullmatch"
            if isinstance(pat.const, str) and k and self.restrictive(pat.const, full):
                return [
                    (k, self.note(cond, f"`{k}` must match the pattern {short(repr(pat.const))}", "guard"))
                ]
        if q == "isinstance" and len(args) == 2:
            k = var_key(args[0])
            typ = text(args[1])
            if k and typ in {"int", "float", "bool", "(int, float)"}:
                return [(k, self.note(cond, f"`{k}` is a number", "guard"))]
        return []

    def validator_of(self, q: str, on: str) -> Validator | None:
        """The family's validator for callee ``q`` (the user's models first) that works ``on`` the
        call's truth ("true") or on its return ("return")."""
        fam = self.fam
        if fam is None:
            return None
        declared = self.spec.user_name(q)
        v = fam.validators.get(declared or q)
        if v is None and declared is not None and declared.startswith("."):
            v = fam.method_validators.get(declared[1:])
        return v if v is not None and v.on == on else None

    def validated(
        self, call: Node, v: Validator, q: str, call_args: tuple[Node, list[Node]]
    ) -> list[tuple[str, Note]]:
        """The variable a call of validator ``v`` proves safe, with the evidence."""
        args_node, args = call_args
        key = var_key(_arg_node(args_node, args, v.validates))
        if key is None:
            return []
        why = fill(v.why or "`{var}` is validated by {last}()", var=key, name=q, last=q.rsplit(".", 1)[-1])
        if v.user:
            why += f" (a model in {v.model})"
        return [(key, self.note(call, why, "guard"))]

    def return_validation(self, call: Node) -> list[tuple[str, Note]]:
        """``check(x)`` as a statement, where the models say ``check`` raises on bad input: ``x`` is
        safe after it."""
        fn = call.child_by_field_name("function")
        args_node = call.child_by_field_name("arguments")
        if fn is None or args_node is None:
            return []
        q, _ = self.qualify(fn)
        v = self.validator_of(q, "return")
        if v is None:
            return self.workspace_validation(call, "return")
        args = [a for a in args_node.named_children if a.type != "keyword_argument"]
        return self.validated(call, v, q, (args_node, args))

    def workspace_validation(self, call: Node, when: str) -> list[tuple[str, Note]]:
        """A function of the workspace whose body proves its argument safe ``when`` it returns normally
        ("return"), or returns a true ("true") or false ("false") value: the caller's variable passed
        for that parameter is safe there (``validate_name(x)`` that raises on a bad name)."""
        fn = call.child_by_field_name("function")
        if fn is None or fn.type not in {"identifier", "attribute"}:
            return []
        if self.spec.user_name(self.qualify(fn)[0]):
            return []  # the user's models speak for it
        target = self.engine.resolve_def(self.path, text(fn), line_of(call))
        if target is None or target[1].type != "function_definition":
            return []
        path, func = target
        summary = self.engine.analyse(path, func, self.family).validates
        if not summary:
            return []
        out: list[tuple[str, Note]] = []
        name = text(func.child_by_field_name("name"))
        for index, proofs in summary.items():
            proof = proofs.get(when)
            node = argument_for(call, func, index)
            key = var_key(node) if node is not None else None
            if proof is None or key is None:
                continue
            where = f"{proof.path}:{proof.start_line}"
            answer = {"return": "returns", "true": "returns true", "false": "returns false"}[when]
            why = (
                f"`{key}` is checked by {name}(), which {answer} only where this holds: {proof.why} ({where})"
            )
            out.append((key, self.note(call, why, "guard")))
        return out

    def method_validation(
        self, cond: Node, v: Validator, obj: Node | None, call_args: tuple[Node, list[Node]], method: str
    ) -> list[tuple[str, Note]]:
        """A method the models name as a validator (``s.isdigit()``, ``p.startswith(base)`` on a resolved
        path)."""
        args_node, args = call_args
        fam = self.fam
        key = var_key(obj) if v.validates[0] == RECEIVER else var_key(_arg_node(args_node, args, v.validates))
        if not key or fam is None:
            return []
        if v.needs_dangerous_chars and not fam.dangerous_chars:
            return []
        if v.requires_flag:
            cur = self.env.get(key) if self.env is not None else None
            if cur is None or v.requires_flag not in cur.flags:
                return []
        if v.clean_argument is not None:
            node = _arg_node(args_node, args, v.clean_argument)
            if self.ev(node).tainted if node is not None else False:
                return []
        why = v.why or "`{var}` is checked by .{last}()"
        return [(key, self.note(cond, fill(why, var=key, name="." + method, last=method), "guard"))]

    def netloc_var(self, node: Node) -> str | None:
        """``urlparse(v).netloc`` (or a variable holding ``urlparse(v)``) -> ``v``."""
        hosts = self.spec.host_attributes
        if node.type != "attribute" or text(node.child_by_field_name("attribute")) not in hosts:
            return None
        obj = node.child_by_field_name("object")
        if obj is None:
            return None
        if obj.type == "call":
            q, _ = self.qualify(obj.child_by_field_name("function"))
            args = obj.child_by_field_name("arguments")
            if self.spec.concept(q, "url-parse") is not None and args is not None and args.named_children:
                return var_key(args.named_children[0])
            return None
        key = var_key(obj)
        if key is not None and self.env is not None:
            v = self.env.get(key)
            if v is not None:
                for f in v.flags:
                    if f.startswith("urlof:"):
                        return f[6:]
        return None

    def relative_url_check(self, left: Node, right: Node) -> list[tuple[str, Note]]:
        """``u.startswith("/") and not u.startswith("//")``: a path on this site only."""
        if self.family != "redirect":
            return []

        def starts(node: Node) -> tuple[str, Any] | None:
            if node.type != "call":
                return None
            fn = node.child_by_field_name("function")
            if (
                fn is None
                or fn.type != "attribute"
                or text(fn.child_by_field_name("attribute")) != "startswith"
            ):
                return None
            args = node.child_by_field_name("arguments")
            obj = fn.child_by_field_name("object")
            key = var_key(obj) if obj is not None else None
            if key is None or args is None or not args.named_children:
                return None
            return key, self.ev(args.named_children[0]).const

        a = starts(left)
        b_node = right.child_by_field_name("argument") if right.type == "not_operator" else None
        b = starts(b_node) if b_node is not None else None
        if (
            a
            and b
            and a[0] == b[0]
            and a[1] == "/"
            and (b[1] == "//" or (isinstance(b[1], tuple) and "//" in b[1]))
        ):
            return [
                (a[0], self.note(left, f"`{a[0]}` is a path on this site (starts with one '/')", "guard"))
            ]
        return []


def argument_for(call: Node, func: Node, index: int) -> Node | None:
    """The argument node a call passes for parameter ``index`` of ``func`` (by keyword or position;
    a method's ``self`` is its receiver and takes no position)."""
    params = params_of(func)
    param = next((p for p in params if p.index == index), None)
    args = call.child_by_field_name("arguments")
    if param is None or args is None or args.type != "argument_list":
        return None
    positional: list[Node] = []
    for a in args.named_children:
        if a.type == "keyword_argument":
            if text(a.child_by_field_name("name")) == param.name:
                return a.child_by_field_name("value")
        elif a.type in {"list_splat", "dictionary_splat"}:
            return None
        elif a.type != "comment":
            positional.append(a)
    plain = [p for p in params if p.kind == "plain"]
    if plain and plain[0].name in {"self", "cls"}:
        plain = plain[1:]
    if param not in plain:
        return None
    i = plain.index(param)
    return positional[i] if i < len(positional) else None
