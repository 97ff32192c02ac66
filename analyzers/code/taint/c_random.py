"""Weak randomness (CWE-330/338): ``rand()``, ``random()``, ``drand48()`` and their seeders judged by
what the numbers are used for.

- a number that reaches key material (a call of a crypto library, a variable, field, array or
  function whose name says key, token, salt, nonce, session id, password, ...) is a real weakness;
- a number only used as a delay (``sleep``, ``usleep``, a ``poll`` timeout) is not: nothing is
  gained by predicting when a retry happens;
- a seeder (``srand(time(NULL))``) is judged by every generator call in the workspace: real when
  one of them is, not when all of them are only delays, and open when there are none to see;
- anything else (printed, returned, stored where the analyst cannot see its use) asks for review.
"""

from __future__ import annotations

import re

from tree_sitter import Node

from .c_context import Ctx
from .c_spec import CRYPTO_PREFIXES, DELAY_ARGS, SECRET_WORDS, WEAK_GENERATORS, WEAK_SEEDERS
from .c_tree import (
    call_args,
    declared_name,
    declares,
    enclosing_function,
    func_name,
    line_of,
    strip_expr,
    text,
    walk,
)
from .outcome import Outcome
from .values import Note

_WORDS = "|".join(SECRET_WORDS)
# a secret word as a word of an identifier: snake_case, camelCase or ALL_CAPS (``session_id``,
# ``authToken``, ``API_KEY``, ``keys``), never inside another word (``keyboard``, ``spin``)
_SECRET = re.compile(
    rf"(?:^|_|(?<=[a-z])(?=[A-Z]))(?i:{_WORDS})"
    r"(?:$|_|[sS](?:$|_)|(?<=[a-z])(?=[A-Z0-9])|(?<=[A-Z])(?=[0-9]))"
)
MAX_SEED_SITES = 50


def judge_random(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
    calls = [
        n
        for n in walk(root)
        if n.type == "call_expression"
        and lo <= line_of(n) <= hi
        and ctx.callee(n) in WEAK_GENERATORS | WEAK_SEEDERS
    ]
    if not calls:
        return Outcome(
            "NEEDS_REVIEW",
            0.3,
            "no generator found",
            "No pseudo-random generator call was recognised here.",
            [],
        )
    verdicts = [_seeder(ctx, c) if ctx.callee(c) in WEAK_SEEDERS else _generated(ctx, c) for c in calls]
    for v in verdicts:
        if v.verdict == "TRUE_POSITIVE":
            return v
    for v in verdicts:
        if v.verdict == "NEEDS_REVIEW":
            return v
    return verdicts[0]


def secret_name(name: str) -> bool:
    """An identifier whose words name a secret (``session_id``, ``authToken``, ``g_key``)."""
    last = re.split(r"->|\.", name)[-1]
    return bool(_SECRET.search(last))


def _generated(ctx: Ctx, call: Node) -> Outcome:
    """One generator call, judged by every use of its value."""
    name = ctx.callee(call)
    uses = _uses(ctx, call)
    sink = ctx.note(call, f"{name}() is a predictable generator", "source")
    secret = next((u for u in uses if u[0] == "secret"), None)
    if secret is not None:
        why = f"the value of {name}() {secret[1]}: a predictable generator makes it guessable"
        return Outcome("TRUE_POSITIVE", 0.8, "weak randomness", f"At line {line_of(secret[2])}: {why}.",
                       [sink, ctx.note(secret[2], why, "sink")])  # fmt: skip
    func = enclosing_function(call)
    if (
        not (uses and all(u[0] == "delay" for u in uses))
        and func is not None
        and secret_name(func_name(func))
    ):
        why = f"the value of {name}() is made inside {func_name(func)}():"
        why += " a predictable generator makes it guessable"
        return Outcome("TRUE_POSITIVE", 0.7, "weak randomness", f"At line {line_of(call)}: {why}.", [sink])
    if uses and all(u[0] == "delay" for u in uses):
        notes = [sink, *(ctx.note(u[2], u[1], "guard") for u in uses[:4])]
        where = "; ".join(sorted({u[1] for u in uses}))
        return Outcome(
            "FALSE_POSITIVE",
            0.75,
            "not a security use",
            f"The value of {name}() is only used as a delay ({where}); predicting it gains nothing.",
            notes,
        )
    other = next((u for u in uses if u[0] == "unknown"), None)
    why = other[1] if other is not None else "its value is not used where the analyst can see it"
    return Outcome(
        "NEEDS_REVIEW",
        0.4,
        "use not proven harmless",
        f"{name}() is predictable; {why}: whether that use needs unpredictable numbers is not proven.",
        [sink, *([ctx.note(other[2], why, "sink")] if other is not None else [])],
    )


Use = tuple[str, str, Node]  # kind ("secret", "delay", "unknown"), what, where


def _uses(ctx: Ctx, call: Node, depth: int = 0) -> list[Use]:
    """Where the value of ``call`` goes: up through arithmetic and casts to the call, assignment,
    declaration, condition or return that takes it; a local variable it is stored in is followed
    to each of its reads in the function."""
    node = call
    parent = node.parent
    while parent is not None:
        if _carries(parent, node):
            node, parent = parent, parent.parent
        elif _cast_call(parent) and parent.parent is not None:  # `(useconds_t)(x)`: a cast, parsed as a call
            node = parent.parent
            parent = node.parent
        else:
            break
    func = enclosing_function(call)
    if parent is None:
        return [("unknown", "its value is not used", call)]
    if parent.type == "argument_list" and parent.parent is not None:
        outer = parent.parent
        callee = ctx.callee(outer)
        pos = next((i for i, a in enumerate(call_args(outer)) if a == node), -1)
        if callee in DELAY_ARGS and DELAY_ARGS[callee] == pos:
            return [("delay", f"a delay for {callee}() at line {line_of(outer)}", outer)]
        if callee.startswith(CRYPTO_PREFIXES):
            return [("secret", f"is handed to {callee}(), which makes key material", outer)]
        if secret_name(callee):
            return [("secret", f"is handed to {callee}()", outer)]
        return [("unknown", f"its value is handed to {callee or 'a call'}() at line {line_of(outer)}", outer)]
    target: str | None = None
    if parent.type == "init_declarator":
        target = declared_name(parent.child_by_field_name("declarator"))
    elif parent.type == "assignment_expression" and parent.child_by_field_name("right") == node:
        target = text(strip_expr(parent.child_by_field_name("left") or parent))
    if target is None:
        if parent.type == "return_statement":
            return [("unknown", f"its value is returned at line {line_of(parent)}", parent)]
        return [("unknown", f"its value is used at line {line_of(parent)} (`{text(parent)[:60]}`)", parent)]
    if secret_name(target.split("[")[0]):
        return [("secret", f"is stored in `{target}`", parent)]
    if func is None or depth > 1 or not re.fullmatch(r"[A-Za-z_]\w*", target) or _not_local(func, target):
        return [("unknown", f"its value is stored in `{target}` at line {line_of(parent)}", parent)]
    out: list[Use] = []
    for n in walk(func):
        if n.type != "identifier" or text(n) != target or n.start_byte < parent.end_byte:
            continue
        p = n.parent
        if p is not None and p.type == "assignment_expression" and p.child_by_field_name("left") == n:
            continue  # overwritten, not read
        if (
            p is not None
            and p.type == "pointer_expression"
            and text(p.child_by_field_name("operator")) == "&"
        ):
            return [("unknown", f"the address of `{target}` is taken at line {line_of(p)}", p)]
        out.extend(_uses(ctx, n, depth + 1))
    return out or [("unknown", f"its value is stored in `{target}`, never read here", parent)]


def _defines_main(root: Node) -> bool:
    return any(n.type == "function_definition" and func_name(n) == "main" for n in root.named_children)


def _cast_call(args: Node) -> bool:
    """``args`` is the argument list of ``(T)(x)``: a cast to a type the parser does not know."""
    call = args.parent
    if args.type != "argument_list" or call is None or call.type != "call_expression":
        return False
    fn = call.child_by_field_name("function")
    return (
        fn is not None
        and fn.type == "parenthesized_expression"
        and len(fn.named_children) == 1
        and fn.named_children[0].type == "identifier"
        and len(call_args(call)) == 1
    )


def _carries(parent: Node, node: Node) -> bool:
    """The value of ``node`` flows on into ``parent`` (arithmetic, a cast, a choice, or the element
    it selects as an index)."""
    if parent.type == "subscript_expression":
        return parent.child_by_field_name("index") == node
    return parent.type in {
        "binary_expression",
        "parenthesized_expression",
        "cast_expression",
        "unary_expression",
        "conditional_expression",
    }


def _not_local(func: Node, name: str) -> bool:
    """``name`` is not declared in ``func`` (a global, or a parameter passed by pointer)."""
    return not any(declares(n, name) for n in walk(func))


def _seeder(ctx: Ctx, call: Node) -> Outcome:
    """A seeder is judged by the numbers it seeds: every generator call of the workspace."""
    name = ctx.callee(call)
    own_main = _defines_main(ctx.parsed.tree.root_node)
    sites: list[tuple[Ctx, Node]] = []
    for gen in sorted(WEAK_GENERATORS):
        try:
            found = ctx.index.callers(gen, limit=MAX_SEED_SITES)
        except Exception:
            found = []
        for site in found:
            parsed = ctx.index.file(site.path)
            if parsed is None or (
                site.path != ctx.path and own_main and _defines_main(parsed.tree.root_node)
            ):
                continue  # another program: two definitions of main are never linked together
            octx = Ctx(ctx.finding, parsed, ctx.index, ctx.macros if site.path == ctx.path else {})
            for n in walk(parsed.tree.root_node):
                if n.type == "call_expression" and line_of(n) == site.line and octx.callee(n) == gen:
                    sites.append((octx, n))
    if not sites:
        return Outcome(
            "NEEDS_REVIEW",
            0.3,
            "generator not seen",
            f"{name}() seeds a predictable generator, but no call of it was found in the workspace "
            "(it may be called through a macro or by other code): what its numbers are for is not known.",
            [ctx.note(call, f"{name}() seeds a predictable generator", "source")],
        )
    judged = [(octx, n, _generated(octx, n)) for octx, n in sites[:MAX_SEED_SITES]]
    for octx, n, j in judged:
        if j.verdict == "TRUE_POSITIVE":
            return Outcome(
                "TRUE_POSITIVE",
                0.8,
                "weak randomness",
                f"{name}() seeds the generator {octx.path}:{line_of(n)} uses: {j.justification}",
                [ctx.note(call, f"{name}() seeds a predictable generator", "source"), *j.evidence],
            )
    pending = next((j for _o, _n, j in judged if j.verdict != "FALSE_POSITIVE"), None)
    if pending is not None or len(sites) >= MAX_SEED_SITES:
        why = pending.justification if pending is not None else "too many generator calls to judge"
        return Outcome(
            "NEEDS_REVIEW", 0.4, "use not proven harmless", f"{name}() seeds a predictable generator; {why}",
            [ctx.note(call, f"{name}() seeds a predictable generator", "source")],
        )  # fmt: skip
    notes: list[Note] = [ctx.note(call, f"{name}() seeds a predictable generator", "source")]
    for _o, _n, j in judged[:4]:
        notes.extend(j.evidence[1:2])
    return Outcome(
        "FALSE_POSITIVE",
        0.7,
        "not a security use",
        f"{name}() seeds a generator whose every call in the workspace ({len(judged)}) only makes a delay.",
        notes,
    )
