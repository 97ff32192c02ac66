"""Calls: workspace functions are interpreted in context; library calls are looked up in the models
(sources, sanitizers, safe variants, casts, neutral calls, summaries, concepts); container methods
update their receiver; anything else is an unknown the analyst cannot see through."""

from __future__ import annotations

from dataclasses import replace

from tree_sitter import Node

from ... import constfold
from ...constfold import NOT_CONST
from ..values import CLEAN, Note, Origin, Val, combine, container, join
from .base import InterpBase
from .conditions import Args, feature_state, holds
from .expressions import BUILTIN_NAMES
from .regex import negated_class
from .spec import RECEIVER, ArgSpec, Concept, FlagSummary, fill
from .syntax import line_of, nkey, params_of, short, text, var_key


class CallsMixin(InterpBase):
    def call_args(self, node: Node) -> tuple[list[Val], dict[str, Val], list[Node], dict[str, Node]]:
        args_node = node.child_by_field_name("arguments")
        pos: list[Val] = []
        kws: dict[str, Val] = {}
        pos_nodes: list[Node] = []
        kw_nodes: dict[str, Node] = {}
        if args_node is None:
            return pos, kws, pos_nodes, kw_nodes
        if args_node.type == "generator_expression":
            pos.append(self.ev(args_node))
            pos_nodes.append(args_node)
            return pos, kws, pos_nodes, kw_nodes
        for a in args_node.named_children:
            if a.type == "keyword_argument":
                name = text(a.child_by_field_name("name"))
                value = a.child_by_field_name("value")
                kws[name] = self.ev(value)
                if value is not None:
                    kw_nodes[name] = value
            elif a.type == "list_splat":
                inner = self.ev(a.named_children[0]) if a.named_children else CLEAN
                if inner.fields is not None and inner.exact:
                    for _, fv in inner.fields:
                        pos.append(fv)
                        pos_nodes.append(a)
                else:
                    pos.append(inner.element())
                    pos_nodes.append(a)
                    kws["*"] = inner.element()
            elif a.type == "dictionary_splat":
                inner = self.ev(a.named_children[0]) if a.named_children else CLEAN
                if inner.fields is not None:
                    for k, fv in inner.fields:
                        if isinstance(k, str):
                            kws[k] = fv
                if inner.fields is None or not inner.exact:
                    kws["**"] = inner.element()
            elif a.type == "comment":
                continue
            else:
                pos.append(self.ev(a))
                pos_nodes.append(a)
        return pos, kws, pos_nodes, kw_nodes

    def ev_call(self, node: Node) -> Val:
        fn = node.child_by_field_name("function")
        q, is_method = self.qualify(fn)
        receiver: Val | None = None
        obj: Node | None = None
        if fn is not None and fn.type == "attribute" and is_method:
            obj = fn.child_by_field_name("object")
            receiver = self.ev(obj)
        elif fn is not None and fn.type not in {"identifier", "attribute"}:
            receiver = self.ev(fn)  # f(x)(y), (lambda: ...)(), d[k](x): the callee is a value
        pos, kws, _pos_nodes, _kw_nodes = self.call_args(node)
        if nkey(node) in self.watch:
            if receiver is None and fn is not None and fn.type == "identifier":
                receiver = self.ev(fn)  # a callable object (a compiled XPath): its value matters
                self.record(node, pos, kws, receiver)
                receiver = None
            else:
                self.record(node, pos, kws, receiver)
        builtin = q in {"getattr", "super"} and fn is not None and fn.type == "identifier"
        if builtin and q == "getattr" and len(pos) >= 2:
            result = self.getattr_value(node, _pos_nodes[0], pos)
        elif builtin and q == "super":
            # the base class's methods are not read here (a framework's Form.clean() returns the
            # submitted data): what they return is unknown, never a constant
            what = "super() (a method of a base class, not read by the analyst)"
            result = Val(origins=frozenset({Origin("unknown", what, self.path, line_of(node))}))
        else:
            result = self.call_result(
                node, fn, q, is_method=is_method, receiver=receiver, obj=obj, pos=pos, kws=kws
            )
        into = self.spec.stores.get(q)
        if into is not None:
            self.store_into(node, into, obj, pos, kws)
        if is_method and obj is not None:
            self.mutate(obj, q[1:], pos, receiver)
            if into is None and receiver is not None and self.may_keep_arguments(q, receiver):
                self.keep_arguments(node, obj, pos, kws)
            switch = self.spec.concept(q, "feature-switch")
            if switch is not None and len(pos) >= 2:
                self.set_feature(node, obj, pos, switch)
        return result

    def getattr_value(self, node: Node, obj: Node, pos: list[Val]) -> Val:
        """``getattr(obj, "name", default)`` is ``obj.name`` (or the default): an attribute of ``self``
        is what the class puts there; of a module, a constant of the library; of anything else, what
        the object holds or an unknown, never a constant."""
        name = pos[1].const
        default = pos[2] if len(pos) > 2 else None
        base = pos[0]
        attr: Val
        if isinstance(name, str) and obj.type == "identifier" and text(obj) in {"self", "cls"}:
            attr = self.class_attribute(node, name)
        elif base.tainted:
            attr = replace(base, fields=None, exact=False, const=NOT_CONST)
        elif (
            obj.type == "identifier"
            and not (text(obj) in self.locals and not self.is_module)
            and self.info.qualify_root(text(obj)) is not None
        ):
            attr = CLEAN  # an attribute of an imported module: a constant or a function of the library
        else:
            what = f"getattr({short(text(obj))}, ...) (an attribute the analyst cannot see)"
            attr = Val(origins=frozenset({Origin("unknown", what, self.path, line_of(node))}))
        return join(attr, default) if default is not None else attr

    def store_into(
        self, node: Node, into: ArgSpec, obj: Node | None, pos: list[Val], kws: dict[str, Val]
    ) -> None:
        """A call that keeps its arguments in an object (``buf.write(x)``, ``print(x, file=buf)``):
        what the object holds from then on includes them, and is no longer a known constant."""
        pos_nodes, kw_nodes = _arg_nodes(node)
        index, keyword = into
        target: Node | None = None
        skip_kw = ""
        skip_pos = -1
        if index == RECEIVER:
            target = obj
        elif keyword and keyword in kw_nodes:
            target, skip_kw = kw_nodes[keyword], keyword
        elif 0 <= index < len(pos_nodes) and len(pos_nodes) == len(pos):
            target, skip_pos = pos_nodes[index], index
        if target is None:
            return
        stored = combine(
            [v for i, v in enumerate(pos) if i != skip_pos] + [v for k, v in kws.items() if k != skip_kw]
        )
        self.update_location(
            target,
            lambda old: replace(combine([old, stored]), flags=old.flags, fields=None, exact=False),
        )

    def may_keep_arguments(self, q: str, receiver: Val) -> bool:
        """A method nothing describes, on a mutable object: it may keep its arguments in the object
        (``builder.add(x)`` then ``builder.build()``), so the object may hold them afterwards."""
        method = q[1:]
        if not q.startswith(".") or q in self.spec.known_methods:
            return False
        if method in CONTAINER_METHODS or method in constfold.STR_METHODS:
            return False
        if receiver.is_const and isinstance(receiver.const, str | bytes | int | float | tuple | frozenset):
            return False  # immutable: a method can only return something new
        return not any(f.startswith("class:") for f in receiver.flags)  # workspace classes are read

    def keep_arguments(self, node: Node, obj: Node, pos: list[Val], kws: dict[str, Val]) -> None:
        stored = combine([*pos, *kws.values()])
        if not stored.tainted:
            return
        step = self.note(node, f"kept by {short(text(node.child_by_field_name('function')))}()", "step")
        kept = stored.with_step(step)
        self.update_location(
            obj,
            lambda old: replace(combine([old, kept]), flags=old.flags, fields=None, exact=False),
        )

    def set_feature(self, node: Node, obj: Node, pos: list[Val], switch: Concept) -> None:
        """``parser.setFeature(feature_external_ges, True)``: the feature's flag on (or off) the parser;
        a feature or a value chosen at run time may turn it on."""
        args = node.child_by_field_name("arguments")
        nodes = [a for a in args.named_children if a.type != "comment"] if args is not None else []
        if len(nodes) < 2 or self.env is None or not switch.flag:
            return
        state = feature_state(
            switch,
            nodes[0],
            nodes[1],
            qualify=lambda n: self.qualify(n)[0],
            feature_val=pos[0],
            value_val=pos[1],
        )
        if state == "other":
            return
        key = text(obj)
        cur = self.env.get(key, self.ev(obj))
        flags = cur.flags - {switch.flag} if state == "off" else cur.flags | {switch.flag}
        self.env[key] = replace(cur, flags=flags)

    def mutate(self, obj: Node, method: str, pos: list[Val], receiver: Val | None) -> None:
        """Container methods that change their receiver (append, insert, pop, update...), wherever
        the receiver lives: a variable, an attribute, or an element of one (``d[k].append(x)``)."""
        if self.env is None or receiver is None:
            return
        if obj.type not in {"identifier", "attribute", "subscript", "parenthesized_expression"}:
            return
        new = mutated(receiver, method, pos)
        if new is not None:
            self.update_location(obj, lambda old: mutated(old, method, pos) or old)

    def call_result(
        self,
        node: Node,
        fn: Node | None,
        q: str,
        *,
        is_method: bool,
        receiver: Val | None,
        obj: Node | None,
        pos: list[Val],
        kws: dict[str, Val],
    ) -> Val:
        """What a call returns. The order decides when the models name a call in several roles:
        workspace code, objects whose kind matters, the family's sanitizers and safe variants, casts,
        sources, neutral calls, regex concepts, flag summaries, summaries, container methods, unknown."""
        spec = self.spec
        fam = self.fam
        args_all = [*pos, *kws.values()]
        # 0. the user's models speak for their own code: their word outranks the function's body
        declared = spec.user_name(q)
        if declared is not None:
            q = declared
        method = q[1:] if is_method and q.startswith(".") else q.rsplit(".", 1)[-1]
        # 1. workspace code: interpret it rather than trust a table
        if declared is not None:
            pass
        elif not is_method or (obj is not None and text(obj) in {"self", "cls"}):
            target = self.engine.resolve_def(self.path, text(fn), line_of(node)) if fn is not None else None
            if target is not None:
                return self.apply_summary(
                    node, target, pos, kws, receiver=receiver, is_method=bool(is_method)
                )
        elif receiver is not None and any(f.startswith("class:") for f in receiver.flags):
            # a method of an instance of a workspace class
            method_def = self.engine.method_of(receiver.flags, q[1:])
            if method_def is not None:
                return self.apply_summary(node, method_def, pos, kws, receiver=receiver, is_method=True)
        # 2. objects whose kind matters to a family (a CSPRNG, a weak generator)
        summary = spec.flag_summaries.get(q)
        if summary is not None and summary.first:
            return self.flag_summary(summary, pos, kws, receiver)
        # 3. sanitizers and safe variants of the family
        sani = fam.sanitizers.get(q) if fam is not None else None
        if (
            sani is not None
            and sani.receiver_flag
            and (receiver is None or sani.receiver_flag not in receiver.flags)
        ):
            sani = None  # a method that escapes only on some objects (a template that autoescapes)
        if fam is not None and (
            sani is not None
            or q in fam.safe_variants
            or (fam.safe_prefixes and q.startswith(fam.safe_prefixes))
        ):
            why = fill(sani.why, name=q.lstrip("."), last=method) if sani is not None and sani.why else ""
            why = why or f"sanitized by {q.lstrip('.')}()"
            if sani is not None and sani.user:
                why += f" (a model in {sani.model})"
            return Val(const=NOT_CONST).with_note(self.note(node, why, "sanitizer"))
        if fam is not None and fam.casts_clean and q in spec.casts:
            return Val(const=constfold.builtin(q, [a.const for a in pos])).with_note(
                self.note(node, f"converted by {q}() (no text survives)", "sanitizer")
            )
        # 3. sources
        if self.is_source_object(q):
            o = Origin(
                "source",
                q.rsplit(".", 1)[0] if q.rsplit(".", 1)[-1] in {"get", "getlist"} else q,
                self.path,
                line_of(node),
            )
            return Val(
                origins=frozenset({o}), steps=(self.note(node, f"{q}() (user-controlled input)", "source"),)
            )
        source = spec.sources.get(q)
        if source is not None:
            o = Origin("source", f"{q.lstrip('.')}()", self.path, line_of(node))
            base = combine(args_all) if source.keeps_arguments else CLEAN
            return Val(
                origins=frozenset({o}) | base.origins,
                steps=(self.note(node, f"{q.lstrip('.')}() reads external input", "source"),),
                flags=source.flags,
            )
        # 4. values that are never attacker text
        if q in spec.neutrals:
            if is_method:
                recv_const = receiver.const if receiver is not None else NOT_CONST
                return Val(const=constfold.method(recv_const, method, [a.const for a in pos]))
            return Val(const=constfold.builtin(q, [a.const for a in pos]))
        # a whole-string match of a restrictive pattern: the match (and groups) hold only those characters
        match = spec.concept(q, "regex-match") or spec.concept(q, "regex-fullmatch")
        if match is not None and (
            (not is_method and len(pos) >= 2)
            or (is_method and receiver is not None and "regex" in receiver.flags and pos)
        ):
            flags = receiver.flags if receiver is not None else frozenset()
            pattern = (
                pos[0].const
                if not is_method
                else next((f[6:] for f in flags if f.startswith("regex:")), None)
            )
            full = match.concept == "regex-fullmatch"
            if isinstance(pattern, str) and self.restrictive(pattern, full):
                return Val().with_note(
                    self.note(node, f"matched against the pattern {short(repr(pattern))}", "sanitizer")
                )
        if not is_method and q in spec.casts:
            return combine(args_all, const=constfold.builtin(q, [a.const for a in pos]))
        # 5. removal of every character outside a class: re.sub(r"[^a-z0-9]", "", x)
        if (
            spec.concept(q, "regex-remove") is not None
            and len(pos) >= 3
            and isinstance(pos[0].const, str)
            and pos[1].const == ""
        ):
            kept = negated_class(pos[0].const)
            danger = set(fam.dangerous_chars) if fam is not None and fam.dangerous_chars else None
            if kept is not None and danger is not None and not (kept & danger):
                why = f"characters outside {short(pos[0].const[2:])!s} removed by {q}()"
                return Val().with_note(self.note(node, why, "sanitizer"))
        # 6. regexes, url parsing, flag summaries (path normalisation, parsers): propagate with facts
        if spec.concept(q, "regex-compile") is not None and pos and isinstance(pos[0].const, str):
            return Val(flags=frozenset({"regex", "regex:" + pos[0].const}))
        if spec.concept(q, "url-parse") is not None and pos:
            args_node = node.child_by_field_name("arguments")
            first = (
                args_node.named_children[0] if args_node is not None and args_node.named_children else None
            )
            key = var_key(first) if first is not None else None
            v = combine(args_all)
            return replace(v, flags=frozenset({f"urlof:{key}"})) if key else v
        if summary is not None:
            return self.flag_summary(summary, pos, kws, receiver)
        # 6. known propagators and constant folding of builtins
        if not is_method and (q in spec.propagators or q in spec.library_calls):
            const = constfold.builtin(q, [a.const for a in pos]) if not kws else NOT_CONST
            return combine(args_all, const=const)
        if is_method and obj is not None and text(obj) in {"self", "cls"}:
            # a method the class inherits from code outside the workspace (a framework's request
            # handler): what it returns is unknown, never a constant
            o = Origin("unknown", f"{text(fn)}() (inherited, not in the workspace)", self.path, line_of(node))
            return Val(origins=frozenset({o}) | combine(args_all).origins)
        if is_method and receiver is not None:
            if method in {"get", "pop", "setdefault"} and receiver.fields is not None and pos:
                # a lookup returns one of the container's values (or the default), never the key
                default = pos[1] if len(pos) > 1 else CLEAN
                fv = receiver.field(pos[0].const) if pos[0].is_const else None
                if fv is not None:
                    return fv
                if receiver.exact:
                    return default if pos[0].is_const else join(receiver.element(), default)
            if method == "pop" and receiver.fields is not None and receiver.exact and receiver.fields:
                if not pos:
                    return receiver.fields[-1][1]
                return receiver.element()
            if method in {"index", "count"}:
                return CLEAN
            const = constfold.method(receiver.const, method, [a.const for a in pos]) if not kws else NOT_CONST
            if method == "format" and kws:
                const = NOT_CONST
            if q in spec.propagating_methods or receiver.is_const or not receiver.tainted:
                if method in {"join"} and pos:
                    return combine(
                        [receiver, pos[0].element() if pos[0].fields is not None else pos[0]], const=const
                    )
                return replace(
                    combine([receiver, *args_all], const=const), flags=receiver.flags & {"normalized"}
                )
            return combine([receiver, *args_all], const=const)
        if is_method:
            return combine(args_all)
        # 7. a name we cannot see into: keep whatever flows in, and say we could not see
        if q in BUILTIN_NAMES:
            return combine(args_all, const=constfold.builtin(q, [a.const for a in pos]))
        o = Origin("unknown", f"{q}()", self.path, line_of(node))
        return Val(origins=frozenset({o}) | combine(args_all).origins)

    def apply_param_flags(
        self, call: Node, func: Node, flags: dict[int, frozenset[str]], *, is_method: bool
    ) -> None:
        """The callee put dangers on objects the caller passed (``enable_entities(parser)``): the caller's
        variables holding them carry those dangers from now on."""
        if self.env is None:
            return
        pos, kws = _arg_nodes(call)
        params = params_of(func)
        offset = 1 if params and params[0].name in {"self", "cls"} else 0
        plain = [p for p in params[offset:] if p.kind == "plain"]
        receiver = None
        fn = call.child_by_field_name("function")
        if is_method and fn is not None and fn.type == "attribute":
            receiver = fn.child_by_field_name("object")
        for p in params:
            added = flags.get(p.index)
            if not added:
                continue
            target: Node | None = None
            if offset and p is params[0]:
                target = receiver
            elif p.name in kws:
                target = kws[p.name]
            elif p in plain and plain.index(p) < len(pos):
                target = pos[plain.index(p)]
            if target is None or target.type not in {"identifier", "attribute"}:
                continue
            key = text(target)
            cur = self.env.get(key, self.ev(target))
            self.env[key] = replace(cur, flags=cur.flags | added)

    def flag_summary(
        self, summary: FlagSummary, pos: list[Val], kws: dict[str, Val], receiver: Val | None
    ) -> Val:
        """A call whose result carries facts (and, unless ``result = "none"``, its inputs' taint)."""
        flags = set(summary.flags)
        settled: list[Note] = []  # why a parameter passed on is its default, when a fact rests on it

        def settle(v: Val) -> Val:
            out = self.settled(v)
            if out is not v:
                settled.extend(out.notes)
            return out

        for when, flag in summary.flags_if:
            settled_before = len(settled)
            if holds(when, Args(pos, kws, receiver, settle=settle)):
                flags.add(flag)
            else:
                del settled[settled_before:]
        if summary.result == "none":
            return Val(flags=frozenset(flags), notes=tuple(settled))
        parts = [*pos, *kws.values()] + ([receiver] if receiver is not None else [])
        return replace(combine(parts), flags=frozenset(flags), notes=(*combine(parts).notes, *settled))

    def apply_summary(
        self,
        node: Node,
        target: tuple[str, Node],
        pos: list[Val],
        kws: dict[str, Val],
        *,
        receiver: Val | None,
        is_method: bool,
    ) -> Val:
        path, fnode = target
        if fnode.type == "class_definition":
            # an instance: remembers its class, so its methods can be followed
            return replace(
                combine([*pos, *kws.values()]), flags=frozenset({f"class:{path}:{fnode.start_byte}"})
            )
        bound = bind_params(fnode, pos, kws, receiver if is_method else None)
        # in context: guards inside the callee depend on what the caller passes (a base directory)
        result = self.engine.call_in_context(path, fnode, self.family, bound)
        v = result.returns
        if result.param_flags:
            self.apply_param_flags(node, fnode, result.param_flags, is_method=is_method)
        name = text(fnode.child_by_field_name("name"))
        if v.tainted:
            return v.with_step(self.note(node, f"through {name}() ({path}:{line_of(fnode)})", "step"))
        return v


def _arg_nodes(call: Node) -> tuple[list[Node], dict[str, Node]]:
    args = call.child_by_field_name("arguments")
    pos: list[Node] = []
    kws: dict[str, Node] = {}
    for a in args.named_children if args is not None and args.type == "argument_list" else []:
        if a.type == "keyword_argument":
            value = a.child_by_field_name("value")
            if value is not None:
                kws[text(a.child_by_field_name("name"))] = value
        elif a.type != "comment":
            pos.append(a)
    return pos, kws


def bind_params(func: Node, pos: list[Val], kws: dict[str, Val], receiver: Val | None) -> dict[int, Val]:
    params = params_of(func)
    bound: dict[int, Val] = {}
    offset = 0
    if receiver is not None and params and params[0].name in {"self", "cls"}:
        bound[params[0].index] = receiver
        offset = 1
    elif params and params[0].name in {"self", "cls"}:
        bound[params[0].index] = CLEAN
        offset = 1
    plain = [p for p in params[offset:] if p.kind == "plain"]
    star = next((p for p in params if p.kind == "star"), None)
    extra: list[Val] = []
    for i, v in enumerate(pos):
        if i < len(plain):
            bound[plain[i].index] = v
        else:
            extra.append(v)
    if star is not None:
        # ``*args`` is the tuple of the extra positional arguments (of unknown length after a splat)
        bound[star.index] = container(list(enumerate(extra)), exact="*" not in kws)
        if "*" in kws:
            bound[star.index] = replace(
                bound[star.index], origins=bound[star.index].origins | kws["*"].origins
            )
    for k, v in kws.items():
        p = next((p for p in params if p.name == k and p.kind == "plain"), None)
        if p is not None:
            bound[p.index] = v
        else:
            ds = next((p for p in params if p.kind == "dstar"), None)
            if ds is not None:
                bound[ds.index] = join(bound[ds.index], v) if ds.index in bound else v
            if k in {"*", "**"}:
                for p2 in plain:
                    if p2.index not in bound:
                        bound[p2.index] = v
    return bound


# Methods of the builtin containers: the ones that change their receiver are read by ``mutated``, the
# others only read it.
CONTAINER_METHODS = frozenset(
    {
        "append",
        "extend",
        "insert",
        "pop",
        "remove",
        "clear",
        "update",
        "setdefault",
        "add",
        "get",
        "keys",
        "values",
        "items",
        "index",
        "count",
        "sort",
        "reverse",
        "discard",
        "popitem",
        "union",
        "intersection",
        "difference",
        "issubset",
        "issuperset",
        "isdisjoint",
        "fromkeys",
        "appendleft",
        "extendleft",
        "popleft",
        "rotate",
        "most_common",
        "elements",
        "symmetric_difference",
        "__contains__",
        "__getitem__",
        "__len__",
        "__iter__",
    }
)


def mutated(old: Val, method: str, pos: list[Val]) -> Val | None:
    """What a container holds after ``old.method(*pos)`` (None: the method does not change it)."""
    new: Val | None = None
    if method == "append" and pos:
        if old.fields is not None and old.exact:
            new = container([*old.fields, (len(old.fields), pos[0])], exact=True)
        else:
            new = replace(combine([old, pos[0]]), fields=old.fields, exact=False)
    elif method == "extend" and pos:
        arg = pos[0]
        if old.fields is not None and old.exact and arg.fields is not None and arg.exact:
            new = container(
                [*old.fields, *[(len(old.fields) + i, v) for i, (_, v) in enumerate(arg.fields)]],
                exact=True,
            )
        else:
            new = replace(combine([old, arg]), fields=old.fields, exact=False)
    elif method == "insert" and len(pos) >= 2:
        idx = pos[0].const
        if old.fields is not None and old.exact and isinstance(idx, int) and not isinstance(idx, bool):
            vals = [v for _, v in old.fields]
            vals.insert(idx, pos[1])
            new = container(list(enumerate(vals)), exact=True)
        else:
            new = replace(combine([old, pos[1]]), fields=old.fields, exact=False)
    elif method == "pop" and old.fields is not None and old.exact:
        if not pos:
            vals = [v for _, v in old.fields][:-1]
            new = container(list(enumerate(vals)), exact=True)
        elif isinstance(pos[0].const, int) and not isinstance(pos[0].const, bool):
            vals = [v for _, v in old.fields]
            try:
                vals.pop(pos[0].const)
                new = container(list(enumerate(vals)), exact=True)
            except IndexError:
                new = None
        elif pos[0].is_const:
            new = container([(k, v) for k, v in old.fields if k != pos[0].const], exact=True)
    elif method == "remove" and pos and old.fields is not None and old.exact and pos[0].is_const:
        vals = [v for _, v in old.fields]
        for i, v in enumerate(vals):
            if v.is_const and v.const == pos[0].const:
                del vals[i]
                new = container(list(enumerate(vals)), exact=True)
                break
    elif method == "clear":
        new = container([], exact=True)
    elif method == "appendleft" and pos:
        if old.fields is not None and old.exact:
            new = container(list(enumerate([pos[0], *(v for _, v in old.fields)])), exact=True)
        else:
            new = replace(combine([old, pos[0]]), fields=None, exact=False)
    elif method == "extendleft" and pos:
        new = replace(combine([old, pos[0].element()]), fields=None, exact=False)
    elif method == "popleft" and old.fields is not None and old.exact:
        new = container(list(enumerate([v for _, v in old.fields][1:])), exact=True)
    elif method in {"sort", "reverse", "rotate", "popitem"} and old.fields is not None:
        # the order changes: no position is known any more
        new = replace(old, fields=None, exact=False, const=NOT_CONST)
    elif method in {"update", "setdefault", "add"} and pos:
        if method == "update" and pos[0].fields is not None and old.fields is not None:
            items = [(k, v) for k, v in old.fields if pos[0].field(k) is None] + list(pos[0].fields)
            new = container(items, exact=old.exact and pos[0].exact)
        elif method == "setdefault" and len(pos) >= 2 and pos[0].is_const and old.fields is not None:
            if old.field(pos[0].const) is None:
                new = container([*old.fields, (pos[0].const, pos[1])], exact=old.exact)
        else:
            new = replace(combine([old, *pos]), fields=None, exact=False)
    return new
