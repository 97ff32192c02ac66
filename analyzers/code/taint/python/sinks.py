"""Sink matching: the sinks of a family in Python code (as the models name them), and the part of a
reached sink an attacker must control (safe variants and configuration rules decide the rest)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal

from tree_sitter import Node

from ..families import Family
from ..values import CLEAN, Note, Origin, Val, join, join_all
from .calls import bind_params
from .command import arg_value, lookup_value, vector_value
from .conditions import Args, Required, denoted_name, holds
from .digests import naming_only, secret_input
from .engine import Engine
from .interp import Interp
from .module import ModuleInfo
from .results import Hit
from .spec import PyFamily, Rule, Sink, fill, parse_arg
from .syntax import assigned_names, dotted_parts, enclosing_function, line_of, nkey, params_of, text

SiteKind = Literal["call", "return", "item-write", "result-call", "safe_variant", "wrapper"]


@dataclass
class SinkSite:
    node: Node
    name: str
    kind: SiteKind
    sink: Sink | None = None
    target: tuple[str, Node] | None = None  # wrapper: the workspace function whose body holds sinks
    # other sinks the same call may be: its name is bound to several modules (an import fallback)
    alternatives: tuple[Sink, ...] = ()
    # names the callee may also stand for that no model describes for the family (a module bound in
    # an import fallback the analyst does not know): not known safe
    unknown_alternatives: tuple[str, ...] = ()

    def why(self) -> str:
        """How justifications name the sink."""
        if self.sink is not None and self.sink.label:
            return self.sink.label
        if self.kind == "wrapper":
            return f"{self.name}() (wraps a sink)"
        if self.alternatives and self.sink is not None:
            names = " or ".join(f"{s.name.lstrip('.')}()" for s in (self.sink, *self.alternatives))
            return f"{names} (the name is imported from either module)"
        return f"{self.name.lstrip('.')}()"


def _calls(scope: Node, lo: int | None, hi: int | None) -> list[Node]:
    out: list[Node] = []
    stack = [scope]
    while stack:
        n = stack.pop()
        if (
            n is not scope
            and n.type in {"function_definition", "class_definition", "decorated_definition"}
            and lo is None
        ):
            continue
        if lo is not None and hi is not None and (n.end_point[0] + 1 < lo or n.start_point[0] + 1 > hi):
            continue
        if n.type in {"call", "return_statement", "assignment"}:
            out.append(n)
        stack.extend(reversed(n.named_children))
    return out


def find_sinks(
    engine: Engine,
    info: ModuleInfo,
    scope: Node,
    family: Family,
    lines: tuple[int, int] | None,
    *,
    returns: bool = True,
) -> list[SinkSite]:
    """Sinks of ``family`` in ``scope`` (on ``lines`` when given, else anywhere outside nested defs)."""
    fam = engine.spec.families.get(family)
    if fam is None:
        return []
    lo, hi = lines if lines is not None else (None, None)
    return_sinks = fam.site("return")
    write_sinks = fam.site("item-write")
    result_calls = fam.result_call_sinks()
    sites: list[SinkSite] = []
    for node in _calls(scope, lo, hi):
        if lo is not None and not (lo <= line_of(node) <= (hi or lo)):
            continue
        func = enclosing_function(node)
        interp = qualifier(engine, info, family, func)
        if node.type == "call":
            fn = node.child_by_field_name("function")
            q, is_method = interp.qualify(fn)
            q = engine.spec.user_name(q) or q  # the user's models speak for their own functions
            sink = fam.call_sink(q)
            if sink is not None and is_method and _receiver_is_module(interp, fn):
                sink = None  # a module's function of that name, not the method
            alts = _alternatives(interp, fn)
            others = [s for a in alts if (s := fam.call_sink(a)) is not None and s is not sink]
            if sink is None and others:
                sink, others = others[0], others[1:]
            if sink is not None:
                unknown = tuple(
                    a
                    for a in alts
                    if fam.call_sink(a) is None
                    and a not in fam.safe_variants
                    and not (fam.safe_prefixes and a.startswith(fam.safe_prefixes))
                )
                sites.append(
                    SinkSite(
                        node,
                        sink.name,
                        "call",
                        sink,
                        alternatives=tuple(others),
                        unknown_alternatives=unknown,
                    )
                )
                continue
            if q in fam.safe_variants or (fam.safe_prefixes and q.startswith(fam.safe_prefixes)):
                sites.append(SinkSite(node, q, "safe_variant"))
                continue
            if result_calls and fn is not None and fn.type == "identifier":
                made = _made_by(interp, info, fn, func, {s.name for s in result_calls})
                if made is not None:
                    rc = next(s for s in result_calls if s.name == made)
                    sites.append(SinkSite(node, text(fn), "result-call", rc))
                    continue
            if fn is not None and (not is_method or text(fn).startswith(("self.", "cls."))):
                target = engine.resolve_def(info.path, text(fn), line_of(node))
                wraps = target is not None and target[1].type == "function_definition"
                if target is not None and wraps and sink_sites(engine, target[0], target[1], family):
                    sites.append(SinkSite(node, text(fn), "wrapper", target=target))
        elif node.type == "return_statement" and lines is not None and returns and return_sinks:
            if node.named_children:
                sites.append(SinkSite(node, "<return>", "return", return_sinks[0]))
        elif node.type == "assignment" and write_sinks:
            left = node.child_by_field_name("left")
            if left is not None and left.type == "subscript":
                base = left.child_by_field_name("value")
                q, _ = interp.qualify(base)
                for ws in write_sinks:
                    if base is not None and (
                        q == ws.name
                        or (
                            ws.name.startswith(".")
                            and base.type == "attribute"
                            and text(base).endswith(ws.name)
                        )
                    ):
                        sites.append(SinkSite(node, ws.name, "item-write", ws))
                        break
    # a return on the line is the sink only when nothing more specific is there
    specific = [s for s in sites if s.kind != "return"]
    return specific if specific else sites


def sink_sites(engine: Engine, path: str, func: Node, family: Family) -> list[SinkSite]:
    """The sinks of ``family`` in the body of a workspace function (nested defs excluded); cached."""
    key = (path, func.start_byte, family)
    cached = engine.sink_cache.get(key)
    if cached is not None:
        return cached
    engine.sink_cache[key] = []  # cycle guard
    info = engine.module(path)
    body = func.child_by_field_name("body")
    sites = (
        find_sinks(engine, info, body, family, lines=None) if info is not None and body is not None else []
    )
    engine.sink_cache[key] = sites
    return sites


def _made_by(interp: Interp, info: ModuleInfo, fn: Node, func: Node | None, makers: set[str]) -> str | None:
    """The maker in ``makers`` whose call was assigned to ``fn`` (in this function or at module level)."""
    name = text(fn)
    scopes = [
        s
        for s in (func.child_by_field_name("body") if func is not None else None, info.root)
        if s is not None
    ]
    for scope in scopes:
        for stmt in scope.named_children:
            node = (
                stmt.named_children[0]
                if stmt.type == "expression_statement" and stmt.named_children
                else None
            )
            if node is None or node.type != "assignment" or text(node.child_by_field_name("left")) != name:
                continue
            right = node.child_by_field_name("right")
            if right is not None and right.type == "call":
                q, _ = interp.qualify(right.child_by_field_name("function"))
                if q in makers:
                    return q
    return None


def _alternatives(interp: Interp, fn: Node | None) -> list[str]:
    """The other names a callee may stand for when its root name is bound to several modules."""
    if fn is None or fn.type not in {"identifier", "attribute"}:
        return []
    parts = [fn] if fn.type == "identifier" else dotted_parts(fn)
    if not parts:
        return []
    root = text(parts[0])
    alts = interp.info.alternatives.get(root)
    if not alts or (root in interp.locals and not interp.is_module):
        return []
    rest = text(fn)[len(root) :]
    return [interp.info.normalize(a + rest) for a in alts]


def _receiver_is_module(interp: Interp, fn: Node | None) -> bool:
    if fn is None or fn.type != "attribute":
        return False
    obj = fn.child_by_field_name("object")
    return obj is not None and obj.type == "identifier" and interp.info.qualify_root(text(obj)) is not None


def qualifier(engine: Engine, info: ModuleInfo, family: Family, func: Node | None) -> Interp:
    """An interpreter used only to qualify names in ``func`` (locals shadow imports); cached per function."""
    key = (info.path, func.start_byte if func is not None else -1, family)
    cached = engine.qualifiers.get(key)
    if isinstance(cached, Interp):
        return cached
    interp = Interp(engine, info, family, frozenset(), func)
    if func is not None:
        body = func.child_by_field_name("body")
        interp.locals = (assigned_names(body) if body is not None else set()) | {
            p.name for p in params_of(func)
        }
    engine.qualifiers[key] = interp
    return interp


def _note(path: str, node: Node, why: str, role: str) -> Note:
    return Note(path, node.start_point[0] + 1, node.end_point[0] + 1, why, role)  # type: ignore[arg-type]


def _placeholders(q: str) -> dict[str, str]:
    return {"name": q, "short": q.lstrip("."), "last": q.rsplit(".", 1)[-1]}


def _first_rule(rules: tuple[Rule, ...], args: Args) -> Rule | None:
    for rule in rules:
        if holds(rule.when, args):
            return rule
    return None


def dangerous_value(engine: Engine, info: ModuleInfo, site: SinkSite, hit: Hit, family: Family) -> Val:
    """The part of a reached sink an attacker must control for the finding to be real."""
    path = info.path
    node = site.node
    fam = engine.spec.families[family]
    if site.unknown_alternatives:
        # the name may also be a module no model describes for this weakness: not known safe
        known = dangerous_value(engine, info, replace(site, unknown_alternatives=()), hit, family)
        line = node.start_point[0] + 1
        what = (
            f"{site.unknown_alternatives[0]}() (the name may be imported from a module the analyst does "
            "not model; its behaviour is not known)"
        )
        return join(known, Val(origins=frozenset({Origin("unknown", what, path, line)})))
    if site.alternatives and site.sink is not None:
        # the call may be any of these sinks (an import fallback): dangerous if any of them is
        return join_all(
            [
                dangerous_value(
                    engine, info, replace(site, sink=s, name=s.name, alternatives=()), hit, family
                )
                for s in (site.sink, *site.alternatives)
            ]
        )
    if site.kind == "safe_variant":
        sv = fam.safe_variants.get(site.name)
        why = fill(sv.why, **_placeholders(site.name)) if sv is not None and sv.why else ""
        if sv is not None and sv.still_dangerous:
            vals = [v for a in sv.still_dangerous if (v := arg_value(hit, a)) is not None]
            return join_all(vals).with_note(
                _note(path, node, why or f"{site.name}() is the safe variant", "safe_variant")
            )
        return Val().with_note(_note(path, node, why or f"{site.name}() is the safe variant", "safe_variant"))
    if site.kind in {"return", "item-write"}:
        if site.sink is not None and site.sink.rules:
            args = Args(
                hit.args,
                hit.kwargs,
                hit.receiver,
                call=node,
                spec=engine.spec,
                qualify=_qualify(engine, info, node, family),
            )
            rule = _first_rule(site.sink.rules, args)
            if rule is not None and rule.verdict == "safe":
                return Val().with_note(_note(path, node, fill(rule.why, **args.filled), "safe_variant"))
        return join_all(hit.args) if hit.args else CLEAN
    if site.kind == "call" and (fam.config or (site.sink is not None and site.sink.config)):
        return _config_value(engine, info, site, hit, fam, family=family)
    if site.kind == "wrapper" and site.target is not None:
        return _wrapper_value(engine, site, hit, family)
    sink = site.sink
    if sink is None:
        return CLEAN
    if fam.program_lookup:
        return lookup_value(path, node, sink, hit)
    # ---- safe variants decided by the call's own arguments (the family's rules, then the sink's)
    rules = (*fam.rules, *sink.rules)
    if rules:
        args = Args(
            hit.args,
            hit.kwargs,
            hit.receiver,
            call=node,
            spec=engine.spec,
            subject=sink.subject,
            qualify=_qualify(engine, info, node, family),
        )
        rule = _first_rule(rules, args)
        if rule is not None and rule.verdict == "safe":
            why = fill(rule.why, **_placeholders(site.name), **args.filled)
            kept = [v for a in rule.still_dangerous if (v := arg_value(hit, a)) is not None]
            out = join_all(kept).with_note(_note(path, node, why, "safe_variant"))
            for n in _tested_notes(rule, args):
                out = out.with_note(n)  # what made the tested argument safe (a settled default)
            return out
        if rule is not None and rule.verdict == "unknown":
            # what the call acts on is not in its arguments (an archive's member names): kept unless proven
            why = fill(rule.why, **_placeholders(site.name), **args.filled)
            unknown = Val(origins=frozenset({Origin("unknown", why, path, node.start_point[0] + 1)}))
            return join(_argument_value(path, node, sink, hit, fam), unknown)
    return _argument_value(path, node, sink, hit, fam)


def _tested_notes(rule: Rule, args: Args) -> tuple[Note, ...]:
    """The "constant" notes of the argument a rule's condition tested (``arg = "parser:"``)."""
    spec = parse_arg(rule.when["arg"]) if rule.when and isinstance(rule.when.get("arg"), str) else None
    v = args.explicit(spec) if spec is not None else None
    return tuple(n for n in v.notes if n.role == "constant") if v is not None else ()


def _argument_value(path: str, node: Node, sink: Sink, hit: Hit, fam: PyFamily) -> Val:
    if sink.vector is not None:
        return vector_value(path, node, sink.vector, hit, fam)
    if not sink.args:
        return join_all([*hit.args, *hit.kwargs.values()])
    vals = [v for a in sink.args if (v := arg_value(hit, a)) is not None]
    return join_all(vals) if vals else CLEAN


def _required(sink: Sink, hit: Hit, cwes: frozenset[int]) -> Required | None:
    if not sink.require_true:
        return None
    chosen = [k for k, cwe in sink.require_true if cwe is not None and cwe in cwes]
    needed = chosen or [k for k, _ in sink.require_true]
    missing = [k for k in needed if k not in hit.kwargs or hit.kwargs[k].const is not True]
    unsure = [k for k in missing if k in hit.kwargs and not hit.kwargs[k].is_const]
    return Required(needed, missing, unsure)


def _qualify(engine: Engine, info: ModuleInfo, node: Node, family: Family) -> Callable[[Node], str]:
    """Qualified names as the code around ``node`` sees them (locals shadow imports)."""
    interp = qualifier(engine, info, family, enclosing_function(node))
    return lambda n: interp.qualify(n)[0]


def _config_value(
    engine: Engine, info: ModuleInfo, site: SinkSite, hit: Hit, fam: PyFamily, *, family: Family
) -> Val:
    """Configuration families and sinks: the call itself is weak or not (its arguments, its receiver)."""
    node, q, sink = site.node, site.name, site.sink
    path = info.path
    if sink is None:
        return CLEAN
    required = _required(sink, hit, engine.finding_cwes)
    args = Args(
        hit.args,
        hit.kwargs,
        hit.receiver,
        call=node,
        spec=engine.spec,
        subject=sink.subject,
        required=required,
        qualify=_qualify(engine, info, node, family),
    )
    rules = (*fam.rules, *sink.rules)
    rule = _first_rule(rules, args)
    if rule is None:
        return CLEAN
    filled = {**_placeholders(q), **args.filled}
    if sink.subject is not None:
        subject = args.explicit(sink.subject)
        name_flag = next((r.when.get("name_flag", "") for r in rules if r.when and "name_flag" in r.when), "")
        denoted = denoted_name(subject, name_flag) if subject is not None else None
        if denoted is not None:
            filled["value"] = denoted
    if required is not None:
        filled["required"] = ", ".join(f"{k}=True" for k in required.needed)
        filled["missing"] = " and ".join(f"{k}=True" for k in required.missing)
        filled["unsure"] = required.unsure[0] if required.unsure else ""
    why = fill(rule.why, **filled)
    line = node.start_point[0] + 1
    if rule.verdict == "weak" and fam.naming_calls and node.type == "call" and secret_input(node) is None:
        named = naming_only(node, _qualify(engine, info, node, family), fam.naming_calls)
        if named is not None:
            said = f"{why}, but the hash is not used for security: {named}"
            return Val().with_note(_note(path, node, said, "safe_variant"))
    if rule.verdict == "safe":
        return Val().with_note(_note(path, node, why, "safe_variant"))
    if rule.verdict == "weak":
        return Val(origins=frozenset({Origin("source", why, path, line)}))
    if rule.verdict == "unknown":
        return Val(origins=frozenset({Origin("unknown", why, path, line)}))
    return CLEAN


def _wrapper_value(engine: Engine, site: SinkSite, hit: Hit, family: Family) -> Val:
    """Interpret the wrapped function with the arguments of this call (their shape matters:
    a list passed to a program runner without a shell is not a command line)."""
    assert site.target is not None
    tpath, tfunc = site.target
    fn = site.node.child_by_field_name("function")
    receiver = hit.receiver if text(fn).startswith(("self.", "cls.")) else None
    bound = bind_params(tfunc, hit.args, hit.kwargs, receiver)
    inner_sites = sink_sites(engine, tpath, tfunc, family)
    tinfo = engine.module(tpath)
    if tinfo is None or not inner_sites:
        return Val()  # no evidence either way: the judgement cannot remove the finding on this
    result = engine.analyse(tpath, tfunc, family, frozenset(nkey(s.node) for s in inner_sites), bound=bound)
    name = text(tfunc.child_by_field_name("name"))
    vals: list[Val] = []
    for inner in inner_sites:
        ihit = result.hits.get(nkey(inner.node))
        if ihit is None:
            continue
        v = dangerous_value(engine, tinfo, inner, ihit, family)
        note = _note(tpath, inner.node, f"reaches {inner.name.lstrip('.')}() in {name}()", "sink")
        vals.append(v.with_step(note) if v.tainted else v.with_note(note))
    if not vals:
        # the wrapped sinks are not reached with these arguments
        return Val().with_note(
            _note(tpath, tfunc, f"no sink inside {name}() is reached with these arguments", "dead_branch")
        )
    return join_all(vals)
