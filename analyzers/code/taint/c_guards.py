"""What the checks before a copy bound, when the copy cannot be proven to fit.

A copy has two sides: the bytes it writes at its destination and the bytes it reads at its source.
When a side cannot be proven to fit, the copy is still not always unguarded: the code may check the
length, or the pointer's advance, against something whose relation to the object the analyst cannot
see (``if (x + i > state->xsize) break;`` before writing into an image row of unknown size;
``if (src + 2 * count > end_of_buffer) return -1;`` before reading, where ``end_of_buffer`` is the
caller's). Such a copy is a question for a person, not a proven overflow: NEEDS_REVIEW, naming the
check and what it does not establish. A side with no check at all keeps the copy TRUE_POSITIVE.

A check bounds a side when it holds wherever the copy runs (a dominating ``if`` that leaves, an
enclosing condition, or a macro expanding to a check that leaves, ``c_macros``) and puts an upper
bound on what the side moves: a variable counted positively in the length, in the pointer's offset,
or in the condition of a loop that advances the pointer appears positively on the smaller side of
``<``/``<=`` (or a variable subtracted from the length appears on the larger side), and nothing
assigns it between the check and the copy. For the read, the check must involve the source itself
(its pointer or its offset): a bound on the length alone is the destination's. A check is not a
bound when it bounds a length that may be negative (a signed variable not known to be non-negative:
converted to ``size_t`` it is huge), or when it bounds the length by a constant larger than a
destination or source of known size.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tree_sitter import Node

from .c_conditions import FLIP, NEG, atoms
from .c_context import Ctx
from .c_elements import room_bytes
from .c_macros import macro_check
from .c_objects import room, writable
from .c_paths import nonnegative
from .c_spec import COPY_FUNCS
from .c_tree import (
    call_args,
    callee_of,
    enclosing_function,
    inside,
    line_of,
    plain_definitions,
    pointer_base,
    squash,
    strip_expr,
    text,
    walk,
)
from .c_values import UNSIGNED, const_int, declared_type, sizeof_value
from .outcome import Outcome
from .values import Note


@dataclass(frozen=True)
class Check:
    """``small <= big`` (``<`` when ``strict``) holds where the copy runs."""

    small: Node
    big: Node
    strict: bool
    where: Node  # the statement or expression in the file that makes it hold
    shown: str  # how it holds, as the reader sees it
    changed: frozenset[str]  # names assigned between the check and the copy
    counting: frozenset[str]  # of those, the ones only the conditions of loops around the copy assign
    looping: frozenset[str]  # of those, the ones only loops around the copy assign


def _assigned(nodes: list[Node], upto: Node | None = None, skip: list[Node] | None = None) -> set[str]:
    """Names assigned in ``nodes`` (before ``upto``, on the way to it: of an ``if`` holding ``upto``,
    only the branch that does), leaving ``skip`` out."""
    out: set[str] = set()

    def visit(n: Node) -> None:
        if upto is not None and n.start_byte >= upto.start_byte:
            return
        if skip and any(n == k for k in skip):
            return
        if n.type == "assignment_expression":
            out.add(squash(text(strip_expr(n.child_by_field_name("left") or n))))
        elif n.type == "update_expression":
            out.add(squash(text(strip_expr(n.child_by_field_name("argument") or n))))
        kids = n.children
        if upto is not None and n.type == "if_statement" and inside(upto, n):
            kids = [
                c
                for c in kids
                if c.type in {"parenthesized_expression", "condition_clause"} or inside(upto, c)
            ]
        for c in kids:
            visit(c)

    for top in nodes:
        visit(top)
    return out


def _orient(
    cond: Node,
    truth: bool,
    where: Node,
    how: tuple[str, str],
    *,
    changed: tuple[set[str], set[str], set[str]],
) -> list[Check]:
    """The comparisons ``cond`` being ``truth`` makes hold; ``how`` phrases one whose atom holds and
    one whose atom fails there; ``changed`` is what ``_since`` says was assigned since."""
    out: list[Check] = []
    for a, t in atoms(cond, truth):
        if a.type != "binary_expression":
            continue
        op = text(a.child_by_field_name("operator"))
        if op not in FLIP or op in {"==", "!="}:
            continue
        shown = how[0 if t else 1].format(f"`{' '.join(text(a).split())}`")
        if not t:
            op = NEG[op]
        left, right = a.child_by_field_name("left"), a.child_by_field_name("right")
        if left is None or right is None:
            continue
        small, big = (left, right) if op in {"<", "<="} else (right, left)
        out.append(Check(small, big, op in {"<", ">"}, where, shown, *(frozenset(c) for c in changed)))
    return out


def _since(stmts: list[Node], node: Node) -> tuple[set[str], set[str], set[str]]:
    """Names assigned from ``stmts`` up to ``node``: (all of them, those only the conditions or update
    clauses of loops around ``node`` assign, those only loops around ``node`` assign). A loop around
    ``node`` counts whole: what its body assigns after ``node`` reaches ``node`` in the next iteration."""
    loops: list[Node] = []
    cur = node.parent
    while cur is not None and stmts and inside(cur, stmts[-1]):
        if cur.type in {"while_statement", "for_statement", "do_statement"}:
            loops.append(cur)
        cur = cur.parent
    outside = _assigned(stmts, node, skip=loops)
    bodies = _assigned([b for lp in loops if (b := lp.child_by_field_name("body")) is not None])
    heads = _assigned([c for lp in loops for c in lp.named_children if c != lp.child_by_field_name("body")])
    return outside | bodies | heads, heads - bodies - outside, (bodies | heads) - outside


def checks_before(ctx: Ctx, node: Node) -> list[Check]:
    """Every comparison known to hold where ``node`` runs, innermost first, with the names assigned
    since (for a loop's own condition: everything its body assigns)."""
    from .c_conditions import terminates

    out: list[Check] = []
    child, cur = node, node.parent
    while cur is not None and cur.type != "function_definition":
        t = cur.type
        line = line_of(cur)
        if t == "if_statement":
            cond = cur.child_by_field_name("condition")
            cons, alt = cur.child_by_field_name("consequence"), cur.child_by_field_name("alternative")
            branch = cons if cons is not None and inside(child, cons) else alt
            if cond is not None and branch is not None and inside(child, branch):
                changed = _since([branch], node)
                how = (f"line {line} runs it only when {{}} holds", f"line {line} runs it only unless {{}}")
                out += _orient(cond, branch is cons, cur, how, changed=changed)
        elif t in {"while_statement", "for_statement", "do_statement"}:
            cond = cur.child_by_field_name("condition")
            body = cur.child_by_field_name("body")
            if cond is not None and body is not None and inside(child, body):
                every = _assigned([body]) | _assigned([c for c in cur.named_children if c != body])
                how = (
                    f"the loop at line {line} runs while {{}}",
                    f"the loop at line {line} runs unless {{}}",
                )
                out += _orient(cond, True, cur, how, changed=(every, set(), set()))
        elif t in {"compound_statement", "case_statement"}:
            value = cur.child_by_field_name("value") if t == "case_statement" else None
            stmts = [c for c in cur.named_children if c.type != "comment" and c != value]
            idx = next((i for i, s in enumerate(stmts) if inside(child, s)), None)
            for i in range(idx - 1 if idx is not None else -1, -1, -1):
                st = stmts[i]
                changed = _since(stmts[i + 1 : (idx or 0) + 1], node)
                leaves = (f"line {line_of(st)} leaves unless {{}}", f"line {line_of(st)} leaves when {{}}")
                if st.type == "if_statement":
                    cond = st.child_by_field_name("condition")
                    cons, alt = st.child_by_field_name("consequence"), st.child_by_field_name("alternative")
                    if cond is None or cons is None:
                        continue
                    if terminates(cons) and (alt is None or not terminates(alt)):
                        out += _orient(cond, False, st, leaves, changed=changed)
                    elif alt is not None and terminates(alt) and not terminates(cons):
                        out += _orient(cond, True, st, leaves, changed=changed)
                    continue
                got = macro_check(ctx, st)
                if got is not None:
                    call = " ".join(text(st).rstrip("; \n").split())
                    how = (
                        f"{call} (line {line_of(st)}) leaves unless {{}}",
                        f"{call} (line {line_of(st)}) leaves when {{}}",
                    )
                    out += _orient(got[0], False, st, how, changed=changed)
        child, cur = cur, cur.parent
    return out


def _terms(e: Node, sign: int = 1, out: dict[str, int] | None = None) -> dict[str, int]:
    """Names (variables, ``s->f`` members) with the sign they are counted with in ``e``: +1, -1, or
    0 when it cannot be told (inside a call, a division, a product with a variable)."""
    out = {} if out is None else out

    def put(name: str, s: int) -> None:
        out[name] = s if name not in out or out[name] == s else 0

    e = strip_expr(e)
    if e.type in {"identifier", "field_expression"}:
        put(squash(text(e)), sign)
    elif e.type == "binary_expression":
        op = text(e.child_by_field_name("operator"))
        left, right = e.child_by_field_name("left"), e.child_by_field_name("right")
        if left is None or right is None:
            return out
        if op in {"+", "-"}:
            _terms(left, sign, out)
            _terms(right, sign if op == "+" else -sign, out)
        elif op == "*" and (_nonneg_const(right) or strip_expr(right).type == "sizeof_expression"):
            _terms(left, sign, out)
        elif op == "*" and (_nonneg_const(left) or strip_expr(left).type == "sizeof_expression"):
            _terms(right, sign, out)
        else:
            _unknown(e, put)
    elif e.type == "unary_expression" and text(e.child_by_field_name("operator")) == "-":
        arg = e.child_by_field_name("argument")
        if arg is not None:
            _terms(arg, -sign, out)
    else:
        _unknown(e, put)
    return out


def _unknown(e: Node, put: Callable[[str, int], None]) -> None:
    for n in walk(e):
        if n.type in {"identifier", "field_expression"}:
            put(squash(text(n)), 0)


def _nonneg_const(e: Node) -> bool:
    s = strip_expr(e)
    return s.type == "number_literal" and not text(s).startswith("-")


def _loop_terms(call: Node, base: str) -> dict[str, int]:
    """The variables of the conditions of loops around ``call`` that advance the pointer ``base``:
    how often the loop runs bounds how far the pointer goes."""
    out: dict[str, int] = {}
    cur = call.parent
    while cur is not None and cur.type != "function_definition":
        if cur.type in {"while_statement", "for_statement", "do_statement"}:
            body = cur.child_by_field_name("body")
            cond = cur.child_by_field_name("condition")
            if body is not None and cond is not None and base and base in _assigned([body]):
                for n in walk(cond):
                    if n.type in {"identifier", "field_expression"}:
                        out.setdefault(squash(text(n)), 1)
        cur = cur.parent
    return out


def _own(ptr: Node) -> set[str]:
    """The pointer's base and the variables of its offset."""
    base = pointer_base(ptr)
    return {k for k, s in _terms(ptr).items()} | ({base} if base else set())


def _bounding(
    ctx: Ctx, call: Node, ptr: Node, other: Node | None, length: Node | None, *, read: bool, known: int | None
) -> Check | None:
    """The first check that bounds the side of ``call`` at ``ptr`` (``other``: the other side's
    pointer), or None."""
    func = enclosing_function(call)
    base = pointer_base(ptr)
    own = _own(ptr)
    counted = {k: s for k, s in _terms(length).items() if s} if length is not None else {}
    # the other pointer's own terms, unless they are counted in the length too
    theirs = _own(other) - own - set(counted) - {""} if other is not None else set()
    wanted: dict[str, int] = {k: s for k, s in _terms(ptr).items() if k != base and s}
    if base:
        wanted[base] = 1
    for k, s in counted.items():
        wanted.setdefault(k, s)
    loops = _loop_terms(call, base)
    for k, s in loops.items():
        wanted.setdefault(k, s)
    scaled = _scaled(ctx, length, func) if length is not None else None
    for check in checks_before(ctx, call):
        small, big = _terms(check.small), _terms(check.big)

        def stale(k: str, check: Check = check) -> bool:
            # a loop's counter, or the pointer it advances, checked before the loop: the check
            # bounds how far the loop goes
            moved = (k in loops and k in check.counting) or (k == base and k in check.looping)
            return k in check.changed and not moved

        mentioned = {k for k in set(small) | set(big) if not stale(k)}
        if read and not (own & mentioned):
            continue  # a bound on the length alone is the destination's
        if not read and theirs & (set(small) | set(big)) and not own & mentioned:
            continue  # a check of the other pointer
        bounding = [
            k
            for k, s in wanted.items()
            if not stale(k)
            and (
                (s > 0 and small.get(k, 0) > 0 and k not in big)
                or (s < 0 and big.get(k, 0) > 0 and k not in small)
            )
        ]
        # a length that may be negative passes an upper bound and converts to a huge size_t
        bounding = [
            k
            for k in bounding
            if k not in counted or not k.isidentifier() or _never_negative(ctx, k, call, func)
        ]
        if not bounding:
            continue
        if scaled is not None and known is not None and squash(text(strip_expr(check.small))) == scaled[0]:
            limit = const_int(ctx, check.big, func)
            if limit is None and strip_expr(check.big).type == "sizeof_expression":
                limit = sizeof_value(ctx, strip_expr(check.big), func)
            if limit is not None and (limit - int(check.strict)) * scaled[1] > known:
                continue  # bounded by more than the object holds
        return check
    return None


def _scaled(ctx: Ctx, length: Node, func: Node | None) -> tuple[str, int] | None:
    """``n``, ``n * K``, ``n * sizeof(T)`` (either order): (``n``, bytes per unit of ``n``)."""
    e = strip_expr(length)
    if e.type == "identifier":
        return text(e), 1
    if e.type == "binary_expression" and text(e.child_by_field_name("operator")) == "*":
        left, right = e.child_by_field_name("left"), e.child_by_field_name("right")
        for a, b in ((left, right), (right, left)):
            if a is None or b is None or strip_expr(a).type != "identifier":
                continue
            k = const_int(ctx, b, func)
            if k is not None and k > 0:
                return text(strip_expr(a)), k
    return None


def _never_negative(ctx: Ctx, name: str, at: Node, func: Node | None, depth: int = 0) -> bool:
    """The variable ``name`` cannot hold a negative value at ``at``: an unsigned type (through a macro
    or typedef naming one), a dominating check, or every value ever assigned to it is non-negative
    (``i = 256 - data[1]`` with ``data`` pointing to unsigned chars)."""
    if func is None or depth > 3:
        return False
    if _unsigned(ctx, declared_type(name, func, ctx.parsed.tree.root_node)):
        return True
    if nonnegative(ctx, name, at, func):
        return True
    defs = plain_definitions(func, name)
    return bool(defs) and all(_low(ctx, v, func, depth) is not None for _d, v in defs)  # type: ignore[union-attr]


def _unsigned(ctx: Ctx, typ: str | None, depth: int = 0) -> bool:
    if typ is None or typ.endswith("*") or depth > 3:
        return False
    if UNSIGNED.search(typ):
        return True
    if not typ.isidentifier():
        return False
    value = ctx.macro(typ)
    if value is None:
        value = typedef_base(ctx, typ)
    return value is not None and value != typ and _unsigned(ctx, value, depth + 1)


def typedef_base(ctx: Ctx, name: str) -> str | None:
    """The type a ``typedef`` of the file or an included header names (``typedef unsigned char UINT8;``)."""
    roots = [ctx.parsed.tree.root_node]
    try:
        for m in ctx.index.definitions(name, from_path=ctx.path, limit=3, fuzzy=False):
            other = ctx.index.file(m.symbol.path) if m.strategy in {"same_file", "import"} else None
            if other is not None:
                roots.append(other.tree.root_node)
    except Exception:  # the index cannot answer: the file's own typedefs only
        roots = roots[:1]
    for root in roots:
        for n in walk(root):
            if n.type == "type_definition" and text(n.child_by_field_name("declarator")) == name:
                typ = n.child_by_field_name("type")
                return " ".join(text(typ).split()) if typ is not None else None
    return None


_BYTE_MAX = {1: 255, 2: 65535}


def _element_max(ctx: Ctx, ptr: Node, func: Node) -> int | None:
    """The largest value an element of the unsigned array or pointer ``ptr`` can hold."""
    typ = declared_type(text(strip_expr(ptr)), func, ctx.parsed.tree.root_node)
    if typ is None:
        return None
    elem = typ.replace("*", "").replace("const ", "").strip()
    if not _unsigned(ctx, elem):
        return None
    resolved = ctx.macro(elem) or typedef_base(ctx, elem) or elem
    size = 1 if "char" in resolved else 2 if "short" in resolved else None
    return _BYTE_MAX.get(size) if size is not None else None


def _low(ctx: Ctx, e: Node, func: Node, depth: int) -> int | None:
    """A lower bound of ``e`` that is at least 0, or None (possibly negative)."""
    e = strip_expr(e)
    v = const_int(ctx, e, func)
    if v is not None:
        return v if v >= 0 else None
    t = e.type
    if t in {"sizeof_expression", "char_literal"}:
        return 0
    if t == "subscript_expression" or (
        t == "pointer_expression" and text(e.child_by_field_name("operator")) == "*"
    ):
        arr = e.child_by_field_name("argument")
        return 0 if arr is not None and _element_max(ctx, arr, func) is not None else None
    if t == "identifier":
        return 0 if _never_negative(ctx, text(e), e, func, depth + 1) else None
    if t == "binary_expression":
        op = text(e.child_by_field_name("operator"))
        left, right = e.child_by_field_name("left"), e.child_by_field_name("right")
        if left is None or right is None:
            return None
        if op == "-":
            k = const_int(ctx, left, func)
            r = strip_expr(right)
            arr = r.child_by_field_name("argument") if r.type == "subscript_expression" else None
            top = _element_max(ctx, arr, func) if arr is not None else None
            return k - top if k is not None and top is not None and k >= top else None
        a, b = _low(ctx, left, func, depth), _low(ctx, right, func, depth)
        if a is None or b is None:
            return None
        if op in {"+", "*", "|", ">>"}:
            return a + b if op == "+" else a * b if op == "*" else 0
        return None
    return None


def _open(check: Check, ptr: Node, known: int | None, read: bool) -> str:
    """What a check leaves open about a side."""
    base = pointer_base(ptr) or text(ptr)
    if base in _terms(check.small):
        return f"`{' '.join(text(check.big).split())}` is not shown to lie within what `{base}` points into"
    if known is not None:
        return f"that does not bound it by the {known} bytes {'it holds' if read else 'there'}"
    return f"the size of what `{base}` points into is not known here"


def guarded_copy(ctx: Ctx, call: Node, writes: list[Note] | Outcome, reads: list[Note] | Outcome) -> Outcome:
    """The outcome of a copy with a side not proven to fit: that side's TRUE_POSITIVE when no check
    bounds it, else NEEDS_REVIEW naming the checks and what they leave open."""
    name = ctx.callee(call)
    args = call_args(call)
    d_i, s_i, n_i = COPY_FUNCS[name]
    func = enclosing_function(call)
    length = args[n_i] if 0 <= n_i < len(args) else None
    parts: list[str] = []
    notes = [ctx.note(call, f"{callee_of(call) or name}() copies", "sink")]
    for verdict, idx, read in ((writes, d_i, False), (reads, s_i, True)):
        if not isinstance(verdict, Outcome) or not 0 <= idx < len(args):
            continue
        ptr = args[idx]
        other_i = s_i if not read else d_i
        other = args[other_i] if 0 <= other_i < len(args) else None
        if read:
            got = room(ctx, ptr, func)
            known = got[0] if got is not None else None
        else:
            known = writable(ctx, strip_expr(ptr), func)
            if known is None:
                known = room_bytes(ctx, ptr, call, func)
        check = _bounding(ctx, call, ptr, other, length, read=read, known=known)
        if check is None:
            return verdict  # nothing checks this side
        what = f"the {'read from' if read else 'write into'} `{text(ptr)}`"
        parts.append(f"{what} is checked ({check.shown}), but {_open(check, ptr, known, read)}")
        notes.append(ctx.note(check.where, f"checks {what}: {check.shown}", "note"))
    if not parts:
        return writes if isinstance(writes, Outcome) else reads  # type: ignore[return-value]
    proven = [
        n.why for got in (writes, reads) if not isinstance(got, Outcome) for n in got if n.role != "sink"
    ]
    done = f" Shown: {'; '.join(proven)}." if proven else ""
    return Outcome(
        "NEEDS_REVIEW",
        0.5,
        "copy checked, fit not proven",
        f"At line {line_of(call)}: {'; '.join(parts)}. The checks do not show that the copy fits.{done}",
        notes,
    )
