"""String cursors: a pointer moved along a terminated string never passes its terminator.

``while (isspace((unsigned char)*s)) s++;`` steps ``s`` only from a byte that is not NUL, and
``p = strchr(s, '=')`` lands on a byte that is ``'='``; so ``p + 1`` and the moved ``s`` still point
at or before the NUL that ended the string they started in, inside its object, and a read of them up
to a terminator stays inside it. Functions that return such a cursor of a parameter (``trim(s)``)
hand the caller a cursor of what it passed.

The proof is an invariant of a variable: every value it ever holds is a cursor. It holds when
- its first value is one (a terminated string, ``terminated_string``, or for a parameter what every
  visible call hands it);
- it changes only by such steps (``s++`` where a condition holding there says ``*s`` is not NUL:
  ``isspace(*s)``, ``*s == ':'``, ``*s && ...``; ``c_spec.NONZERO_CHAR_TESTS``) or to another cursor
  (a string search in one, ``strchr(s, c)``; ``p + 1`` where ``*p`` is not NUL; a call returning a
  cursor of a cursor);
- there stays a NUL at or after it inside the object: every store through a pointer into the string
  stores ``'\\0'``, and every call handed one writes nothing through it or writes a string that ends
  in a NUL (``fgets``, ``snprintf``, ``strcpy``...: ``c_spec.TERMINATING_WRITERS``; a block ending in
  a NUL that covers the old NUL ends at or after it). Whether such a write fits is its own finding.
A reference to the variable inside one of its own new values (``line = trim(line)``) reads a value it
held before, a cursor by the invariant."""

from __future__ import annotations

from collections.abc import Callable

from tree_sitter import Node

from .c_callers import keeps_value, known_library, may_write_argument, visible_calls
from .c_conditions import FLIP, LOOPS, NEG, atoms, comparisons, holding_conditions
from .c_context import Ctx
from .c_defs import definition_of
from .c_spec import (
    C_TERMINATORS,
    END_POINTER_PARSERS,
    EQUAL_COMPARES,
    NONZERO_CHAR_TESTS,
    NUL_KEEPING_MAPS,
    SEPARATORS,
    STRING_SEARCHES,
    STRING_SPANS,
    TERMINATING_WRITERS,
    TOKENIZERS,
)
from .c_tree import (
    aliases_of,
    call_args,
    callee_of,
    declared_name,
    enclosing_function,
    func_name,
    line_of,
    param_names,
    plain_definitions,
    pointer_base,
    squash,
    store_of,
    store_target,
    strip_expr,
    stripped_text,
    text,
    walk,
)
from .c_values import const_int, declared_in, literal_string
from .outcome import Outcome
from .values import Note

MAX_DEPTH = 8
_MAX_SKIP = 8  # `p + k` past at most this many bytes known not NUL
# ``terminated_string(ctx, at, arg, func, depth)`` of c_terminated: handed in (it calls this module).
Whole = Callable[[Ctx, Node, Node, Node | None, int], list[Note] | Outcome]


def string_cursor(
    ctx: Ctx, arg: Node, at: Node, func: Node | None, depth: int, *, whole: Whole
) -> list[Note] | None:
    """Notes when ``arg`` is a cursor into a terminated string where ``at`` reads it (``whole``
    says whether an expression is the start of one); None when that is not shown."""
    if func is None:
        return None
    got = _Prover(whole).expr(ctx, arg, at, func, depth, assumed=frozenset())
    if got is None:
        return None
    return [
        ctx.note(at, f"`{text(arg)}` moves along a terminated string and never past its terminator", "guard"),
        *got,
    ]


class _Prover:
    """The cursor proofs of one read, with ``whole`` for the start of a terminated string."""

    def __init__(self, whole: Whole) -> None:
        self.whole = whole
        self.proved: dict[tuple[str, int, str, frozenset[str]], list[Note] | None] = {}

    def expr(
        self, ctx: Ctx, e: Node, at: Node, func: Node, depth: int, *, assumed: frozenset[str]
    ) -> list[Note] | None:
        """``e`` evaluated at ``at`` is a cursor (its proof as notes)."""
        e = strip_expr(e)
        if depth > MAX_DEPTH:
            return None
        if e.type == "identifier":
            name = text(e)
            if name in assumed:
                return []  # an earlier value of the variable being proved: a cursor by the invariant
            if declared_in(func, name):
                key = (ctx.path, func.start_byte, name, assumed)
                if key not in self.proved:
                    self.proved[key] = self.variable(ctx, name, func, depth, assumed)
                return self.proved[key]
            return None
        if e.type == "binary_expression" and text(e.child_by_field_name("operator")) == "+":
            left, right = e.child_by_field_name("left"), e.child_by_field_name("right")
            k = const_int(ctx, right, func) if left is not None and right is not None else None
            if left is None or k is None or not 1 <= k <= _MAX_SKIP:
                return None
            if not _not_nul(ctx, left, at, func, k):
                return None
            return self.expr(ctx, left, at, func, depth, assumed=assumed)
        if e.type == "call_expression":
            callee = ctx.callee(e)
            args = call_args(e)
            if callee in STRING_SEARCHES and args:
                return self.expr(ctx, args[0], e, func, depth + 1, assumed=assumed)
            first = strip_expr(args[0]) if callee in SEPARATORS and args else None
            if (
                first is not None
                and first.type == "pointer_expression"
                and first.child_by_field_name("argument")
            ):
                # `strsep(&s, ",")` returns what `s` held: the token starts where `s` stood
                return self.expr(
                    ctx, first.child_by_field_name("argument") or first, e, func, depth + 1, assumed=assumed
                )
            if callee in TOKENIZERS and args:
                first = _tokenized(ctx, e, func)
                if first is None:
                    return None
                return self.terminated(ctx, call_args(first)[0], first, func, depth + 1, assumed=assumed)
            return self.returned(ctx, e, func, depth, assumed)
        return None

    def terminated(
        self, ctx: Ctx, e: Node, at: Node, func: Node, depth: int, *, assumed: frozenset[str]
    ) -> list[Note] | None:
        """A cursor by :func:`_expr`, or the start of a terminated string (``terminated_string``)."""
        got = self.expr(ctx, e, at, func, depth + 1, assumed=assumed)
        if got is not None:
            return got
        got_whole = self.whole(ctx, at, e, func, depth + 1)
        return got_whole if isinstance(got_whole, list) else None

    def variable(
        self, ctx: Ctx, name: str, func: Node, depth: int, assumed: frozenset[str]
    ) -> list[Note] | None:
        """Every value the variable ``name`` of ``func`` holds is a cursor."""
        ours = aliases_of(func, name)
        if not _nul_kept(ctx, func, ours):
            return None
        inside = assumed | {name}
        notes: list[Note] = []
        defined = False
        for n in walk(func):
            where = n  # where the value is taken (for `strtod(s, &end)`: the call)
            if n.type == "init_declarator" and declared_name(n.child_by_field_name("declarator")) == name:
                value = n.child_by_field_name("value")
                if value is None:
                    continue
            elif n.type == "assignment_expression" and stripped_text(n.child_by_field_name("left")) == name:
                op = text(n.child_by_field_name("operator"))
                value = n.child_by_field_name("right")
                if op == "+=" and value is not None and const_int(ctx, value, func) == 1:
                    if not _step(ctx, n, name, func):
                        return None
                    continue
                if op == "+=" and value is not None and _span_of(ctx, value, name, n, func):
                    continue  # `p += strcspn(p, set)`: to a byte of the string, at most its terminator
                k = const_int(ctx, value, func) if op == "+=" and value is not None else None
                if (
                    k is not None
                    and 1 < k <= _MAX_SKIP
                    and _not_nul(ctx, n.child_by_field_name("left") or n, n, func, k)
                ):
                    continue  # `r += 4` past four bytes a holding condition says are not NUL
                if op != "=":
                    return None
            elif n.type == "update_expression" and stripped_text(n.child_by_field_name("argument")) == name:
                if text(n.child_by_field_name("operator")) != "++" or not _step(ctx, n, name, func):
                    return None
                continue
            elif (
                n.type == "pointer_expression"
                and text(n.child_by_field_name("operator")) == "&"
                and stripped_text(n.child_by_field_name("argument")) == name
            ):
                parsed = _end_pointer_of(ctx, n)
                if parsed is None:
                    return None
                where, value = parsed  # `strtod(s, &end)`: `end` is set to a byte of `s`'s string
            else:
                continue
            if value is None:
                return None
            got = self.terminated(ctx, value, where, func, depth, assumed=inside)
            if got is None:
                return None
            defined = True
            notes.extend(got[:1])
        if name in param_names(func):
            entry = self.entry(ctx, name, func, depth)
            if entry is None:
                return None
            return entry + notes
        return notes if defined else None

    def entry(self, ctx: Ctx, name: str, func: Node, depth: int) -> list[Note] | None:
        """Every visible call of ``func`` hands the parameter ``name`` a cursor or a terminated string."""
        calls = visible_calls(ctx, func)
        if not calls:
            return None
        pos = param_names(func).index(name)
        outer = ctx.unbound()
        notes: list[Note] = []
        for call in calls:
            args = call_args(call)
            caller = enclosing_function(call)
            if pos >= len(args) or caller is None:
                return None
            got = self.terminated(outer, args[pos], call, caller, depth + 1, assumed=frozenset())
            if got is None:
                return None
            notes.append(
                outer.note(
                    call, f"`{text(args[pos])}` is handed to `{name}` here, a terminated string", "guard"
                )
            )
        return notes

    def returned(
        self, ctx: Ctx, call: Node, func: Node, depth: int, assumed: frozenset[str]
    ) -> list[Note] | None:
        """``call`` is of a function of this file that returns a cursor of one of its parameters, and
        this call hands that parameter a cursor."""
        found = definition_of(ctx, call)
        if found is None or found[0].path != ctx.path:
            return None
        octx, fdef = found
        params = param_names(fdef)
        returned: set[str] = set()
        for n in walk(fdef):
            if n.type == "return_statement":
                value = strip_expr(n.named_children[0]) if n.named_children else None
                if value is None or value.type != "identifier" or text(value) not in params:
                    return None
                returned.add(text(value))
        if len(returned) != 1:
            return None
        param = returned.pop()
        if not moves_along(octx, param, fdef):
            return None
        args = call_args(call)
        pos = params.index(param)
        if pos >= len(args):
            return None
        got = self.terminated(ctx, args[pos], call, func, depth, assumed=assumed)
        if got is None:
            return None
        why = (
            f"{func_name(fdef)}() returns its parameter `{param}` moved along its string "
            f"(line {line_of(fdef)})"
        )
        return [ctx.note(call, why, "guard"), *got[:1]]


def _tokenized(ctx: Ctx, call: Node, func: Node) -> Node | None:
    """The tokenizer call that handed over the string ``call`` tokenizes: itself when its first
    argument is a string, else (``strtok(NULL, sep)``) the one call of the function that hands one,
    written before it."""
    if stripped_text(call_args(call)[0]) not in {"NULL", "0"}:
        return call
    starts = [
        n
        for n in walk(func)
        if n.type == "call_expression"
        and ctx.callee(n) in TOKENIZERS
        and call_args(n)
        and stripped_text(call_args(n)[0]) not in {"NULL", "0"}
    ]
    if len(starts) != 1 or starts[0].end_byte > call.start_byte:
        return None
    return starts[0]


def _end_pointer_of(ctx: Ctx, address: Node) -> tuple[Node, Node] | None:
    """``&end`` is the end pointer argument of ``strtol(s, &end, 10)``: the call and the string it
    reads (``end`` is set to a byte of it, at most its terminator)."""
    parent = address.parent
    call = parent.parent if parent is not None and parent.type == "argument_list" else None
    if call is None or call.type != "call_expression":
        return None
    args = call_args(call)
    if ctx.callee(call) in SEPARATORS and args and args[0] == address:
        inner = address.child_by_field_name("argument")  # `strsep(&s, ",")`: past a delimiter of `s`
        return (call, inner) if inner is not None else None
    if ctx.callee(call) not in END_POINTER_PARSERS:
        return None
    if len(args) < 2 or args[1] != address:
        return None
    return call, args[0]


def moves_along(ctx: Ctx, param: str, fdef: Node) -> bool:
    """Inside ``fdef``, the parameter ``param`` only steps along its string (a cursor stays one),
    and no NUL in that string turns into another byte."""
    if not _nul_kept(ctx, fdef, aliases_of(fdef, param)):
        return False
    for n in walk(fdef):
        if n.type == "assignment_expression" and stripped_text(n.child_by_field_name("left")) == param:
            value = n.child_by_field_name("right")
            op = text(n.child_by_field_name("operator"))
            if (
                op == "+="
                and value is not None
                and const_int(ctx, value, fdef) == 1
                and _step(ctx, n, param, fdef)
            ):
                continue
            if op == "=" and value is not None and _self_search(ctx, value, param, n, fdef):
                continue
            return False
        if (
            n.type == "update_expression"
            and stripped_text(n.child_by_field_name("argument")) == param
            and (text(n.child_by_field_name("operator")) != "++" or not _step(ctx, n, param, fdef))
        ):
            return False
        if (
            n.type == "pointer_expression"
            and text(n.child_by_field_name("operator")) == "&"
            and stripped_text(n.child_by_field_name("argument")) == param
        ):
            return False
    return True


def _self_search(ctx: Ctx, value: Node, param: str, at: Node, func: Node) -> bool:
    """``s = strchr(s, c) + 1`` (a step past a byte that is not NUL) or ``s = strchr(s, c)``."""
    v = strip_expr(value)
    if v.type == "binary_expression" and text(v.child_by_field_name("operator")) == "+":
        left, right = v.child_by_field_name("left"), v.child_by_field_name("right")
        if (
            left is None
            or right is None
            or const_int(ctx, right, func) != 1
            or not _not_nul(ctx, left, at, func)
        ):
            return False
        v = strip_expr(left)
    return (
        v.type == "call_expression"
        and ctx.callee(v) in STRING_SEARCHES
        and bool(call_args(v))
        and stripped_text(call_args(v)[0]) == param
    )


def _step(ctx: Ctx, node: Node, name: str, func: Node) -> bool:
    """``name++`` at ``node`` steps from a byte that is not NUL: a condition holding there says so
    (also the update of a ``for`` whose condition says so and whose body leaves ``name`` alone)."""
    parent = node.parent
    while parent is not None and parent.type in {"parenthesized_expression", "comma_expression"}:
        parent = parent.parent
    if (
        parent is not None
        and parent.type == "for_statement"
        and parent.child_by_field_name("update") is not None
    ):
        update = parent.child_by_field_name("update")
        cond = parent.child_by_field_name("condition")
        body = parent.child_by_field_name("body")
        if update is not None and update.start_byte <= node.start_byte < update.end_byte:
            if cond is None or body is None or not _lands_on_bytes(ctx, body, name, func):
                return False
            return _cond_not_nul(ctx, cond, True, name, func)
    return any(_cond_not_nul(ctx, cond, truth, name, func) for cond, truth, _w in holding_conditions(node))


def _lands_on_bytes(ctx: Ctx, body: Node, name: str, func: Node) -> bool:
    """The body of a ``for`` leaves ``name`` alone, or moves it only by steps of one each made
    where a holding condition says the next byte is not NUL (``if (p[1] == '"') c = *++p;``): the
    byte it points to when the update runs is still not NUL."""
    for n in walk(body):
        got = store_of(n)
        if got is None or got[1] != name:
            continue
        op, _name = got
        step = op == "++" or (op == "+=" and const_int(ctx, n.child_by_field_name("right"), func) == 1)
        if not step or not any(
            _cond_not_nul(ctx, cond, truth, name, func, 1) for cond, truth, _w in holding_conditions(n)
        ):
            return False
    return True


def _cond_not_nul(ctx: Ctx, cond: Node, truth: bool, name: str, func: Node, j: int = 0) -> bool:  # noqa: PLR0917
    """``cond`` holding as ``truth`` says the byte ``name[j]`` is not NUL: one of its facts does, or
    it is a disjunction each of whose sides does (``*s == ' ' || *s == '\\t'``)."""
    if any(_says_not_nul(ctx, a, t, name, func, j) for a, t in atoms(cond, truth)):
        return True
    c = strip_expr(cond)
    if c.type == "unary_expression" and text(c.child_by_field_name("operator")) == "!":
        inner = c.child_by_field_name("argument")
        return inner is not None and _cond_not_nul(ctx, inner, not truth, name, func, j)
    if c.type != "binary_expression":
        return False
    op = text(c.child_by_field_name("operator"))
    left, right = c.child_by_field_name("left"), c.child_by_field_name("right")
    if left is None or right is None:
        return False
    if (op, truth) in {("&&", True), ("||", False)}:  # both sides hold: either may say it
        return _cond_not_nul(ctx, left, truth, name, func, j) or _cond_not_nul(
            ctx, right, truth, name, func, j
        )
    if (op, truth) not in {("||", True), ("&&", False)}:
        return False
    return _cond_not_nul(ctx, left, truth, name, func, j) and _cond_not_nul(ctx, right, truth, name, func, j)


def _not_nul(ctx: Ctx, p: Node, at: Node, func: Node, k: int = 1) -> bool:
    """``p[0]`` to ``p[k - 1]`` are not NUL at ``at``: holding conditions say so, or ``p`` is only
    ever the non-NULL result of a search for ``k`` bytes that are not NUL (``strchr(s, '=')``,
    ``strstr(s, "}}")``, checked against NULL)."""
    name = stripped_text(p)
    if strip_expr(p).type != "identifier":
        return False
    held = [(cond, truth) for cond, truth, _w in holding_conditions(at)]
    facts = [(a, t) for cond, truth in held for a, t in atoms(cond, truth)]
    # a byte found not NUL stays before the terminator even if NULs were stored since (no NUL turns
    # into another byte): the test as it was made counts, if `p` itself has not moved since
    tested = [
        (cond, truth)
        for cond, truth, _w in holding_conditions(at, as_tested=True)
        if unmoved(func, name, cond, at)
    ]
    if all(any(_cond_not_nul(ctx, c, t, name, func, j) for c, t in held + tested) for j in range(k)):
        return True
    if not any(_says_not_null(a, t, name) for a, t in facts):
        return False
    defs = [
        n
        for n in walk(func)
        if (n.type == "init_declarator" and declared_name(n.child_by_field_name("declarator")) == name)
        or (n.type == "assignment_expression" and stripped_text(n.child_by_field_name("left")) == name)
    ]
    values = [d.child_by_field_name("value") or d.child_by_field_name("right") for d in defs]
    return bool(values) and all(v is not None and _found_bytes(ctx, v, func) >= k for v in values)


def _found_bytes(ctx: Ctx, value: Node, func: Node) -> int:
    """How many bytes that are not NUL a search's result, when not NULL, points at (0: none known)."""
    v = strip_expr(value)
    if v.type != "call_expression":
        return 0
    callee, args = ctx.callee(v), call_args(v)
    if callee in {"strchr", "strrchr", "memchr"} and len(args) >= 2:
        c = const_int(ctx, args[1], func)
        return 1 if c is not None and c % 256 != 0 else 0
    if callee == "strpbrk" and len(args) >= 2:
        return 1
    if callee == "strstr" and len(args) >= 2:
        needle = strip_expr(args[1])
        plain = needle.type == "string_literal" and "\\" not in text(needle)  # no escapes (`"\\0"`)
        found = literal_string(text(needle)) if plain else None
        return len(found) if found is not None else 0
    return 0


def _says_not_null(a: Node, t: bool, name: str) -> bool:
    """The atom says the pointer ``name`` is not NULL."""
    if a.type == "identifier":
        return t and text(a) == name
    if a.type != "binary_expression":
        return False
    op = text(a.child_by_field_name("operator"))
    sides = {stripped_text(a.child_by_field_name("left")), stripped_text(a.child_by_field_name("right"))}
    if name not in sides or not sides - {name} <= {"NULL", "0", "((void *)0)"}:
        return False
    return (op == "!=" and t) or (op == "==" and not t)


def _says_not_nul(ctx: Ctx, a: Node, t: bool, name: str, func: Node, j: int = 0) -> bool:  # noqa: PLR0917
    """The atom ``a`` holding as ``t`` says the byte ``name[j]`` is not NUL."""
    a = strip_expr(a)
    if a.type in {"pointer_expression", "subscript_expression"}:
        return t and _is_deref(ctx, a, name, func, j)
    if a.type == "call_expression" and ctx.callee(a) in NONZERO_CHAR_TESTS and call_args(a):
        return t and _is_deref(ctx, call_args(a)[0], name, func, j)
    if a.type == "call_expression":
        return not t and j < _equal_prefix(ctx, a, name, func)  # `!strncmp(p, "export ", 7)`
    if a.type != "binary_expression":
        return False
    op = text(a.child_by_field_name("operator"))
    left, right = a.child_by_field_name("left"), a.child_by_field_name("right")
    if left is None or right is None:
        return False
    if op in {">", ">=", "<", "<="}:
        return _above_zero(ctx, left, right, op, t, name, func, j)
    if op not in {"==", "!="}:
        return False
    for call, other in ((left, right), (right, left)):
        if strip_expr(call).type == "call_expression" and const_int(ctx, other, func) == 0:
            return (op == "==") == t and j < _equal_prefix(ctx, strip_expr(call), name, func)
    for deref, other in ((left, right), (right, left)):
        if not _is_deref(ctx, deref, name, func, j):
            continue
        c = const_int(ctx, other, func)
        if c is None:
            continue
        equal = (op == "==") == t  # the fact is `byte == c` (else `byte != c`)
        if (equal and c % 256 != 0) or (not equal and c == 0):
            return True
    return False


def _above_zero(  # noqa: PLR0917
    ctx: Ctx, left: Node, right: Node, op: str, t: bool, name: str, func: Node, j: int
) -> bool:
    """``p[j] >= '0'`` (or ``'0' <= p[j]``, ``p[j] > c`` for ``c >= 0``, and the negations of the
    opposite tests) holding says the byte is above zero, so not NUL."""
    if not t:
        op = NEG[op]
    if _is_deref(ctx, right, name, func, j):
        left, right, op = right, left, FLIP[op]
    if not _is_deref(ctx, left, name, func, j):
        return False
    c = const_int(ctx, right, func)
    return c is not None and ((op == ">=" and c >= 1) or (op == ">" and c >= 0))


def _equal_prefix(ctx: Ctx, call: Node, name: str, func: Node) -> int:
    """How many leading bytes of ``name`` the comparison ``call``, when it returns 0, says equal the
    bytes of a string literal that are not NUL (``strncmp(p, "export ", 7)``: 7)."""
    callee, args = ctx.callee(call), call_args(call)
    if callee not in EQUAL_COMPARES or len(args) < 2:
        return 0
    named = [stripped_text(x) for x in args[:2]]
    if name not in named:
        return 0
    lit = strip_expr(args[1 - named.index(name)])
    found = literal_string(text(lit)) if lit.type == "string_literal" and "\\" not in text(lit) else None
    if found is None:
        return 0
    bytes_known = len(found)  # no escapes: no NUL among them
    count_at = EQUAL_COMPARES[callee]
    if count_at is None:
        return bytes_known
    if count_at >= len(args):
        return 0
    n = const_int(ctx, args[count_at], func)
    return min(n, bytes_known) if n is not None and n > 0 else 0


def _is_deref(ctx: Ctx, e: Node, name: str, func: Node, j: int = 0) -> bool:
    """``name[j]`` (``*name`` for 0, ``*(name + j)``), through casts."""
    e = strip_expr(e)
    if e.type == "pointer_expression" and text(e.child_by_field_name("operator")) == "*":
        inner = strip_expr(e.child_by_field_name("argument") or e)
        if j == 0:
            return stripped_text(inner) == name
        return (
            inner.type == "binary_expression"
            and text(inner.child_by_field_name("operator")) == "+"
            and stripped_text(inner.child_by_field_name("left")) == name
            and const_int(ctx, inner.child_by_field_name("right"), func) == j
        )
    if e.type == "subscript_expression":
        return (
            stripped_text(e.child_by_field_name("argument")) == name
            and const_int(ctx, e.child_by_field_name("index"), func) == j
        )
    return False


def _nul_kept(ctx: Ctx, func: Node, ours: set[str], depth: int = 0) -> bool:
    """In ``func``, every store through one of ``ours`` stores NUL, and every call handed one writes
    nothing through it or keeps NULs the same way (a function of this file, followed): no NUL in the
    string turns into another byte. Once one of ``ours`` is stored into memory (``e->value = v``), a
    call of code the analyst does not know after that store may write through the stored copy: no."""
    escapes = [
        n
        for n in walk(func)
        if n.type == "assignment_expression"
        and pointer_base(n.child_by_field_name("right") or n) in ours
        and strip_expr(n.child_by_field_name("left") or n).type != "identifier"
    ]
    if escapes:
        stored = min(n.end_byte for n in escapes)
        kept_in = {squash(text(strip_expr(n.child_by_field_name("left") or n))) for n in escapes}
        held = {_local_holder(func, n) for n in escapes}
        inside = None not in held  # stored only into this function's own arrays or structs (`parts[2] = key`)
        for n in walk(func):
            if (
                n.type == "call_expression"
                and not known_library(ctx.callee(n))
                and (
                    any(pointer_base(a) in held for a in call_args(n))
                    or (not inside and n.start_byte >= stored)
                )
            ):
                return False  # unknown code that may reach the stored copy (or the local holding it)
            if n.start_byte < stored:
                continue
            target = store_target(n) if n.type in {"assignment_expression", "update_expression"} else None
            lhs = strip_expr(target) if target is not None else None
            if lhs is not None and lhs.type in {"subscript_expression", "pointer_expression"}:
                base = lhs.child_by_field_name("argument")
                if base is not None and squash(text(strip_expr(base))) in kept_in:
                    return False  # `e->value[k] = 'x'`: a store through the stored copy
    for n in walk(func):
        if n.type == "call_expression":
            mine = [i for i, a in enumerate(call_args(n)) if pointer_base(a) in ours and not _a_byte(a)]
            if not mine or ctx.callee(n) in C_TERMINATORS | TERMINATING_WRITERS | TOKENIZERS | SEPARATORS:
                continue  # a terminating writer ends what it writes with a NUL (its bounds: its own finding);
                # a tokenizer only stores NULs over delimiters
            if ctx.callee(n) == "free" and _last_use(func, n, ours):
                continue  # the string is released after every read of it
            if known_library(ctx.callee(n)):
                if any(may_write_argument(ctx, n, i, func) for i in mine):
                    return False
            elif not _callee_keeps_nul(ctx, n, mine, depth):
                return False
        elif n.type in {"assignment_expression", "update_expression"}:
            target = store_target(n)
            lhs = strip_expr(target) if target is not None else None
            if lhs is None or lhs.type not in {"subscript_expression", "pointer_expression"}:
                continue
            base = lhs.child_by_field_name("argument")
            if base is None or pointer_base(base) not in ours:
                continue
            value = n.child_by_field_name("right") if n.type == "assignment_expression" else None
            if (
                value is None
                or text(n.child_by_field_name("operator")) != "="
                or (const_int(ctx, value, func) != 0 and not _mapped_in_place(ctx, lhs, value))
            ):
                return False
    return True


def _local_holder(func: Node, store: Node) -> str | None:
    """The local array or struct (not a pointer) of ``func`` a store writes into (``parts[2] = key``,
    ``loc.name = p``): other code reaches it only when handed it. None otherwise."""
    left = strip_expr(store.child_by_field_name("left") or store)
    base: Node | None = left
    while base is not None and base.type in {"subscript_expression", "field_expression"}:
        if base.type == "field_expression" and text(base.child_by_field_name("operator")) == "->":
            return None
        base = base.child_by_field_name("argument")
        base = strip_expr(base) if base is not None else None
    if base is None or base.type != "identifier" or base == left:
        return None
    name = text(base)
    body = func.child_by_field_name("body")
    for n in walk(body) if body is not None else []:
        if n.type != "declaration":
            continue
        for d in n.children_by_field_name("declarator"):
            inner = d.child_by_field_name("declarator") if d.type == "init_declarator" else d
            if inner is not None and declared_name(inner) == name:
                arrays = inner.type == "pointer_declarator" and any(
                    x.type == "array_declarator" for x in walk(inner)
                )  # `const char *parts[3]`: an array of pointers, kept here
                return name if inner.type in {"array_declarator", "identifier"} or arrays else None
    return None


def _last_use(func: Node, call: Node, ours: set[str]) -> bool:
    """``call`` runs once (no loop around it) and after it none of ``ours`` is read, only assigned."""
    cur = call.parent
    while cur is not None and cur != func:
        if cur.type in LOOPS:
            return False
        cur = cur.parent
    for n in walk(func):
        if n.start_byte < call.end_byte or n.type != "identifier" or text(n) not in ours:
            continue
        parent = n.parent
        assigned = (
            parent is not None
            and parent.type == "assignment_expression"
            and parent.child_by_field_name("left") == n
            and text(parent.child_by_field_name("operator")) == "="
        )
        if not assigned:
            return False
    return True


def _mapped_in_place(ctx: Ctx, lhs: Node, value: Node) -> bool:
    """``*p = toupper(*p)``: the byte is replaced by a map of itself that keeps NUL as NUL."""
    v = strip_expr(value)
    if v.type != "call_expression" or ctx.callee(v) not in NUL_KEEPING_MAPS:
        return False
    args = call_args(v)
    return len(args) == 1 and stripped_text(args[0]) == stripped_text(lhs)


def _callee_keeps_nul(ctx: Ctx, call: Node, positions: list[int], depth: int) -> bool:
    """``call`` is of a function of this file whose parameters at ``positions`` keep NULs."""
    if depth >= MAX_DEPTH:
        return False
    found = definition_of(ctx, call)
    if found is None or found[0].path != ctx.path:
        return False
    octx, fdef = found
    params = param_names(fdef)
    return all(
        i < len(params) and _nul_kept(octx, fdef, aliases_of(fdef, params[i]), depth + 1) for i in positions
    )


def _a_byte(arg: Node) -> bool:
    """The argument is a byte read through the pointer (``*p``, ``p[i]``), not the pointer."""
    a = strip_expr(arg)
    return a.type == "subscript_expression" or (
        a.type == "pointer_expression" and text(a.child_by_field_name("operator")) == "*"
    )


def below_end(
    ctx: Ctx, ptr: Node, at: Node, func: Node | None, offset: int, *, whole: Whole
) -> list[Note] | None:
    """``*(ptr + offset)`` at ``at`` (``offset`` 0 or -1; ``*--q`` reads ``q - 1``) lies between the
    start of a terminated string ``s`` and its terminator: ``q`` is only ever ``s + strlen(s)`` (or
    one less), counted down only where ``q > s`` holds, ``s`` does not move after, and where it is
    read a holding condition says ``q > s`` (or ``q >= s`` for ``*q``). The usual way to trim the
    end of a string: ``end = s + strlen(s); while (end > s && isspace(end[-1])) *--end = '\\0';``."""
    if func is None:
        return None
    p = strip_expr(ptr)
    if p.type == "update_expression":
        arg = p.child_by_field_name("argument")
        if arg is None or text(p.child_by_field_name("operator")) != "--":
            return None
        if p.start_byte < arg.start_byte:
            offset -= 1  # `*--q` reads one before where q stood
        p = strip_expr(arg)
    if p.type != "identifier" or offset not in {0, -1}:
        return None
    q = text(p)
    start = _measured_end(ctx, q, func)
    if start is None:
        return None
    s, first = start
    if not _above(at, q, s, strict=offset < 0):
        return None
    measured = whole(ctx, first, _start_node(first, s), func, 1)
    got = (
        measured
        if isinstance(measured, list)
        else string_cursor(ctx, _start_node(first, s), first, func, 1, whole=whole)
    )
    if got is None:
        return None
    why = (
        f"`{q}` starts at the end of the string `{s}` (line {line_of(first)}), only counts down while "
        f"`{q} > {s}`, and a check here keeps the byte it reaches at or after `{s}`"
    )
    return [ctx.note(at, why, "guard"), *got[:1]]


def _start_node(def_value: Node, s: str) -> Node:
    """The ``s`` of ``s + strlen(s)`` in a definition (for the proof that it is terminated)."""
    for n in walk(def_value):
        if n.type == "identifier" and text(n) == s:
            return n
    return def_value


def _measured_end(ctx: Ctx, q: str, func: Node) -> tuple[str, Node] | None:
    """(``s``, the first definition's value) when the pointer ``q`` is only ever set to
    ``s + strlen(s)`` or ``s + strlen(s) - 1`` and otherwise only counted down where ``q > s``
    holds; ``s`` never changes after the first definition (nor in a loop around one)."""
    s: str | None = None
    values: list[Node] = []
    downs: list[Node] = []
    for n in walk(func):
        if n.type == "init_declarator" and declared_name(n.child_by_field_name("declarator")) == q:
            value = n.child_by_field_name("value")
            if value is None:
                continue
        elif n.type == "assignment_expression" and stripped_text(n.child_by_field_name("left")) == q:
            value = n.child_by_field_name("right")
            op = text(n.child_by_field_name("operator"))
            if op == "-=" and value is not None and const_int(ctx, value, func) == 1:
                downs.append(n)
                continue
            if op != "=":
                return None
        elif n.type == "update_expression" and stripped_text(n.child_by_field_name("argument")) == q:
            if text(n.child_by_field_name("operator")) != "--":
                return None
            downs.append(n)
            continue
        elif (
            n.type == "pointer_expression"
            and text(n.child_by_field_name("operator")) == "&"
            and stripped_text(n.child_by_field_name("argument")) == q
        ):
            return None
        else:
            continue
        base = _end_of(ctx, value, func) if value is not None else None
        if base is None or (s is not None and base != s):
            return None
        s = base
        values.append(value)  # type: ignore[arg-type]
    if s is None or not values:
        return None
    if not all(_above(d, q, s, strict=True) for d in downs):
        return None
    first = values[0]
    for n in walk(func):
        target = store_target(n)
        if target is None or stripped_text(target) != s:
            continue
        if n.end_byte > first.start_byte or any(_same_loop(n, v) for v in values):
            return None
    return s, first


def end_never_below(ctx: Ctx, q: str, s: str, func: Node) -> bool:
    """The pointer ``q`` is only ever ``s + strlen(s)`` and only counted down while ``q > s``
    (:func:`_measured_end`, without the ``- 1`` form that is below ``s`` for an empty string), so
    ``q - s`` never wraps below zero."""
    got = _measured_end(ctx, q, func)
    if got is None or got[0] != s:
        return False
    for n in walk(func):
        if n.type == "init_declarator" and declared_name(n.child_by_field_name("declarator")) == q:
            value = n.child_by_field_name("value")
        elif n.type == "assignment_expression" and stripped_text(n.child_by_field_name("left")) == q:
            value = n.child_by_field_name("right") if text(n.child_by_field_name("operator")) == "=" else None
        else:
            continue
        v = strip_expr(value) if value is not None else None
        if v is not None and v.type == "binary_expression" and text(v.child_by_field_name("operator")) == "-":
            return False
    return True


def _end_of(ctx: Ctx, value: Node, func: Node) -> str | None:
    """``s`` when ``value`` is ``s + strlen(s)`` or ``s + strlen(s) - 1``."""
    v = strip_expr(value)
    if v.type == "binary_expression" and text(v.child_by_field_name("operator")) == "-":
        right = v.child_by_field_name("right")
        left = v.child_by_field_name("left")
        if right is None or left is None or const_int(ctx, right, func) != 1:
            return None
        v = strip_expr(left)
    if v.type != "binary_expression" or text(v.child_by_field_name("operator")) != "+":
        return None
    left, right = v.child_by_field_name("left"), v.child_by_field_name("right")
    for x, y in ((left, right), (right, left)):
        if x is None or y is None:
            continue
        a, b = strip_expr(x), strip_expr(y)
        if (
            a.type == "identifier"
            and b.type == "call_expression"
            and callee_of(b) == "strlen"
            and call_args(b)
            and stripped_text(call_args(b)[0]) == text(a)
        ):
            return text(a)
    return None


def _above(at: Node, q: str, s: str, *, strict: bool) -> bool:
    """A condition holding at ``at`` says ``q > s`` (or ``q >= s`` when not ``strict``)."""
    ops = {">"} if strict else {">", ">="}
    for cond, truth, _w in holding_conditions(at):
        for var, op, other in comparisons(cond, truth):
            if var == q and op in ops and stripped_text(other) == s:
                return True
    return False


def _same_loop(a: Node, b: Node) -> bool:
    """Some loop holds both ``a`` and ``b``."""
    cur = b.parent
    while cur is not None and cur.type != "function_definition":
        if cur.type in {"while_statement", "for_statement", "do_statement"} and (
            cur.start_byte <= a.start_byte and a.end_byte <= cur.end_byte
        ):
            return True
        cur = cur.parent
    return False


def unmoved(func: Node, name: str, since: Node, at: Node) -> bool:
    """``name`` is not assigned, stepped or handed by address between ``since`` and ``at``, nor in
    a loop around ``at`` that does not hold ``since``."""
    lo = since.end_byte
    cur = at.parent
    while cur is not None and cur.type != "function_definition":
        if cur.type in {"while_statement", "for_statement", "do_statement"} and not (
            cur.start_byte <= since.start_byte < cur.end_byte
        ):
            lo = min(lo, cur.start_byte)
            if not keeps_value(cur, name):
                return False
        cur = cur.parent
    for n in walk(func):
        if n.start_byte < lo or n.start_byte >= at.start_byte:
            continue
        if not keeps_value(n, name) and n.type in {
            "assignment_expression",
            "update_expression",
            "pointer_expression",
        }:
            return False
    return True


def _span_of(ctx: Ctx, value: Node, name: str, at: Node, func: Node) -> bool:
    """``value`` at ``at`` is a span of the string ``name`` points to (``strcspn(name, set)``, or a
    local only ever set to one, ``name`` unmoved since): at most the length of that string."""
    v = strip_expr(value)
    if v.type == "call_expression":
        return ctx.callee(v) in STRING_SPANS and bool(call_args(v)) and stripped_text(call_args(v)[0]) == name
    if v.type != "identifier":
        return False
    defs = plain_definitions(func, text(v))
    return bool(defs) and all(
        d.end_byte <= at.start_byte and _span_of(ctx, val, name, d, func) and unmoved(func, name, d, at)
        for d, val in defs or []
    )
