"""Does ``want <= bound`` hold where a statement runs? A backward walk over the statements before it
(a weakest precondition over sums of variables and members): stores into a variable of the sum put
their value in its place (``off = st->len``, ``sb->cap = ncap``), a check that leaves (``if (len + n +
1 > cap) return -1;``) or a loop that runs until it is false (``while (ncap < need) ncap *= 2;``) proves
it when its negation says as much, a check whose body grows the buffer (``if (need > cap) { ... }``)
must prove it on both paths, and a helper whose failure makes the caller leave (``if (sb_reserve(sb, n)
!= 0) return -1;``) proves it when each of the helper's successful returns does, its parameters
standing for the caller's arguments. Anything else that may change a variable of the sum (a call
handed the struct, a store through a pointer, a loop around the write) ends the walk unproven.

Sums are of atoms (a variable or a member, by its text) with integer coefficients. A check proves a
want only when their difference is a constant of the right sign; a check on sums with a subtracted
part is not used (unsigned subtraction may wrap), and every variable a check adds must not be negative
(the caller guarantees it is not, for the sizes of objects, which stay below half the address space).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tree_sitter import Node

from .c_conditions import atoms, said_not_null, terminates
from .c_context import Ctx
from .c_flow import backward_goto
from .c_pair_write import add
from .c_tree import (
    ancestors,
    call_args,
    callee_of,
    declared_name,
    file_function,
    line_of,
    param_names,
    plain_definitions,
    squash,
    store_of,
    strip_expr,
    stripped_text,
    text,
    walk,
)
from .c_values import const_int, declared_type

Lin = tuple[dict[str, int], int]
MAX_HELPER_DEPTH = 1
MAX_STEPS = 200


@dataclass(frozen=True)
class Want:
    """``small <= big`` (both sums)."""

    small: Lin
    big: Lin

    def put(self, atom: str, value: Lin) -> Want:
        return Want(_put(self.small, atom, value), _put(self.big, atom, value))

    def atoms(self) -> set[str]:
        return set(self.small[0]) | set(self.big[0])


def lin(ctx: Ctx, node: Node | None, func: Node | None, measures: frozenset[str] = frozenset()) -> Lin | None:
    """``node`` as a sum of atoms times constants plus a constant (casts and parentheses dropped);
    ``strlen(s)`` of a string ``s`` named in ``measures`` is the atom ``strlen(s)``."""
    if node is None:
        return None
    e = strip_expr(node)
    value = const_int(ctx, e, func)
    if value is not None:
        return {}, value
    if e.type in {"identifier", "field_expression"}:
        return {squash(text(e)): 1}, 0
    if e.type == "call_expression" and measures and callee_of(e) == "strlen" and len(call_args(e)) == 1:
        measured = squash(stripped_text(call_args(e)[0]))
        return ({f"strlen({measured})": 1}, 0) if measured in measures else None
    if e.type != "binary_expression":
        return None
    op = text(e.child_by_field_name("operator"))
    left, right = e.child_by_field_name("left"), e.child_by_field_name("right")
    if op in {"+", "-"}:
        a, b = lin(ctx, left, func, measures), lin(ctx, right, func, measures)
        if a is None or b is None:
            return None
        return add(a, b if op == "+" else _scale(b, -1))
    if op == "*":
        for x, y in ((left, right), (right, left)):
            k = const_int(ctx, y, func)
            got = lin(ctx, x, func, measures) if k is not None else None
            if got is not None and k is not None:
                return _scale(got, k)
    return None


def _scale(a: Lin, k: int) -> Lin:
    return {v: c * k for v, c in a[0].items() if c * k}, a[1] * k


def _put(a: Lin, atom: str, value: Lin) -> Lin:
    k = a[0].get(atom, 0)
    if not k:
        return a
    rest = ({v: c for v, c in a[0].items() if v != atom}, a[1])
    return add(rest, _scale(value, k))


def _entails(fact: Want, want: Want) -> bool:
    """``fact`` (small <= big), or it times a positive whole number (:func:`_scales`), makes ``want``
    hold: want.big - want.small - (fact.big - fact.small) is at least 0, a constant >= 0 plus parts
    the fact adds on its small side (never negative: ``len + n + 1 <= cap`` gives ``1 <= cap``)."""
    for k in [1, *(k for k in _scales(fact, want) if k != 1)]:
        small, big = _scale(fact.small, k), _scale(fact.big, k)
        diff = add(add(want.big, _scale(want.small, -1)), _scale(add(big, _scale(small, -1)), -1))
        if diff[1] >= 0 and all(c > 0 and small[0].get(v, 0) >= c for v, c in diff[0].items()):
            return True
    return False


@dataclass
class Prover:
    """Proves wants in one file; ``nonnegative(atom, at, func)`` says a variable added by a check is
    never negative there."""

    ctx: Ctx
    nonnegative: Callable[[str, Node, Node], bool]
    steps: int = 0
    # the read or write the proof is for: a pointer a search returned (``q = memchr(p, c, n)``) is
    # bounded by what it searched only where a check holding at ``target`` says it is not NULL
    target: Node | None = None
    # strings whose length ``strlen(s)`` counts as an atom (what may change the string is the
    # caller's to rule out; a store to ``s`` itself ends the walk, as for any atom)
    measures: frozenset[str] = frozenset()

    def lin(self, node: Node | None, func: Node | None) -> Lin | None:
        return lin(self.ctx, node, func, self.measures)

    def holds(self, want: Want, at: Node, func: Node, depth: int = 0) -> Node | None:
        """The check that makes ``want`` hold where ``at`` (a statement or expression) runs, or None."""
        stmt, block = _statement_of(at, func)
        if stmt is None or block is None:
            return None
        child, cur = at, at.parent
        while cur is not None and cur != block:  # conditions ``at`` runs under inside its statement
            if cur.type == "if_statement":
                cond = cur.child_by_field_name("condition")
                truth = cur.child_by_field_name("consequence") == child
                if cond is not None and child != cond:
                    for fact in self._facts(cond, truth, func, depth):
                        if _entails(fact, want):
                            return cond
            elif cur.type in {"binary_expression", "conditional_expression"}:
                # `len > 0 && line[len - 1]`: the right operand runs only where the left held (false,
                # for `||`); the arms of `c ? a : b` where `c` is true and false
                got = _operand_condition(cur, child)
                before = [n for n in walk(child) if n.end_byte <= at.start_byte]
                if got is not None and not any(_changes(n, want.atoms()) for n in before):
                    for fact in self._facts(got[0], got[1], func, depth):
                        if _entails(fact, want):
                            return got[0]
            elif (
                cur.type in {"while_statement", "for_statement"} and cur.child_by_field_name("body") == child
            ):
                # a body of one statement (``while (len > 0 && ...) len--;``): the condition holds as
                # its round starts, and nothing of the body before ``at`` changes what the want names
                before = [n for n in walk(child) if n.end_byte <= at.start_byte]
                if not any(_changes(n, want.atoms()) for n in before):
                    return self._in_loop(want, cur, func, depth)
            child, cur = cur, cur.parent
        return self._before(want, block, stmt, func, depth)

    def _before(self, want: Want, block: Node, stmt: Node, func: Node, depth: int) -> Node | None:
        """Prove ``want`` right before ``stmt`` of ``block``, walking back and up."""
        self.steps += 1
        if self.steps > MAX_STEPS:
            return None
        stmts = _statements(block)
        idx = next((i for i, s in enumerate(stmts) if s == stmt), None)
        if idx is None or stmt.type == "labeled_statement":
            return None  # a `goto` to the statement itself skips what is before it
        got = self._back(want, stmts[:idx], func, depth)
        return got if not isinstance(got, Want) else self._up(got, block, func, depth)

    def _back(self, want: Want, stmts: list[Node], func: Node, depth: int) -> Want | Node | None:
        """Through ``stmts`` backwards: the want before them, the check that proves it, or None."""
        cur = want
        for s in reversed(stmts):
            got = self._through(cur, s, func, depth)
            if not isinstance(got, Want):
                return got
            cur = got
        return cur

    def _up(self, want: Want, block: Node, func: Node, depth: int) -> Node | None:
        """At the start of ``block``: a condition it runs under, then the statements before it."""
        parent = block.parent
        if parent is None or parent == func:
            return None
        if block.type == "case_statement":
            return self._above_case(want, block, func, depth)
        if parent.type == "if_statement":
            cond = parent.child_by_field_name("condition")
            truth = parent.child_by_field_name("consequence") == block
            if cond is not None:
                for fact in self._facts(cond, truth, func, depth):
                    if _entails(fact, want):
                        return cond
            outer, stmt = parent.parent, parent
        elif parent.type == "else_clause" and parent.parent is not None:
            cond = parent.parent.child_by_field_name("condition")
            if cond is not None:
                for fact in self._facts(cond, False, func, depth):
                    if _entails(fact, want):
                        return cond
            outer, stmt = parent.parent.parent, parent.parent
        elif (
            parent.type in {"while_statement", "for_statement"}
            and parent.child_by_field_name("body") == block
        ):
            return self._in_loop(want, parent, func, depth)
        else:
            return None
        if outer is None or outer.type != "compound_statement":
            return None
        return self._before(want, outer, stmt, func, depth)

    def _in_loop(self, want: Want, loop: Node, func: Node, depth: int) -> Node | None:
        """``want`` at the start of a round of ``loop`` (a while or for loop): entailed by its condition,
        tested right before each round starts; or, through a fact of the condition scaled to cancel
        what changes (``3 * i + 4 <= 49`` under ``i < n`` needs ``3 * n + 1 <= 49``), by a want on
        what nothing of the loop changes, proven before the loop. Otherwise its rounds may change what
        the want names."""
        cond = loop.child_by_field_name("condition")
        if cond is None:
            return None
        facts = self._facts(cond, True, func, depth)
        for fact in facts:
            if _entails(fact, want):
                return cond
        outer = loop.parent
        if outer is None or outer.type != "compound_statement":
            return None
        for fact in facts:
            for k in _scales(fact, want):
                w = _through_fact(want, Want(_scale(fact.small, k), _scale(fact.big, k)))
                if not _changes(loop, w.atoms()) and self._before(w, outer, loop, func, depth) is not None:
                    return cond
        return None

    def _above_case(self, want: Want, case: Node, func: Node, depth: int) -> Node | None:
        """At the start of a ``case`` of a switch: entered only by the switch's jump when the case
        before it cannot fall through; then the statements before the switch."""
        body = case.parent
        switch = body.parent if body is not None else None
        if body is None or switch is None or switch.type != "switch_statement":
            return None
        cond = switch.child_by_field_name("condition")
        if cond is None or _changes(cond, want.atoms()):
            return None
        before = case.prev_named_sibling
        while before is not None and before.type == "comment":
            before = before.prev_named_sibling
        if before is not None and (before.type != "case_statement" or not _jumps_away(before)):
            return None  # the case before may fall through into this one
        outer = switch.parent
        if outer is None or outer.type != "compound_statement":
            return None
        return self._before(want, outer, switch, func, depth)

    def _through(self, want: Want, s: Node, func: Node, depth: int) -> Want | Node | None:
        """The want before ``s`` (a Want), the check that proves it (a Node), or None: unknown."""
        if any(n.type == "labeled_statement" for n in walk(s)):
            return None  # a `goto` may enter below the checks
        t = s.type
        if t == "if_statement":
            return self._if(want, s, func, depth)
        if t == "while_statement":
            cond = s.child_by_field_name("condition")
            body = s.child_by_field_name("body")
            if (
                cond is None
                or body is None
                or any(n.type in {"break_statement", "goto_statement"} for n in walk(body))
            ):
                return None
            if cond is not None:
                for fact in self._facts(cond, False, func, depth):
                    if _entails(fact, want):
                        return s  # leaves only when its condition is false
            return None if _changes(body, want.atoms()) else want
        if t == "declaration":
            inits = [d for d in s.named_children if d.type == "init_declarator"]
            cur: Want | None = want
            for d in reversed(inits):
                if cur is None:
                    continue
                name = declared_name(d.child_by_field_name("declarator"))  # `*sp` declares sp
                value_node = d.child_by_field_name("value")
                if name in cur.atoms():
                    alone = sum(1 for i in inits if i.child_by_field_name("value") is not None) == 1
                    got = self._assigned(cur, name, value_node, s, func, depth, alone=alone)
                    if not isinstance(got, Want):
                        return got
                    cur = got
                if value_node is not None:
                    cur = self._expression(cur, value_node, func)  # `tag = src[pos++]` moves pos
            return cur if cur is None or not self.evident(cur, s, func) else s
        if t == "expression_statement" and s.named_children:
            e = strip_expr(s.named_children[0])
            left = e.child_by_field_name("left") if e.type == "assignment_expression" else None
            name = squash(stripped_text(left)) if left is not None else ""
            if name in want.atoms() and text(e.child_by_field_name("operator")) == "=":
                right = e.child_by_field_name("right")
                if right is not None and self.lin(right, func) is None:
                    return self._assigned(want, name, right, s, func, depth, alone=True)
            got = self._expression(want, s.named_children[0], func)
            return got if got is None or not self.evident(got, s, func) else s
        if t in {"return_statement", "break_statement", "continue_statement", "goto_statement"}:
            return None  # not on the path (a statement before ``at`` that leaves: unreachable here)
        return None if _changes(s, want.atoms()) else want

    def _expression(self, want: Want, e: Node, func: Node) -> Want | None:
        e = strip_expr(e)
        if e.type == "assignment_expression":
            left = squash(stripped_text(e.child_by_field_name("left")))
            op = text(e.child_by_field_name("operator"))
            right = e.child_by_field_name("right")
            if left in want.atoms():
                value = self.lin(right, func)
                if value is None or op not in {"=", "+=", "-="}:
                    return None
                if op != "=":
                    value = add(({left: 1}, 0), value if op == "+=" else _scale(value, -1))
                if not self.no_wrap(value, e, func):
                    return None  # `n = len - off`, `n -= k` past 0: n wrapped, not the difference
                if right is not None and _changes(right, want.atoms()):
                    return None
                return want.put(left, value)
        if e.type == "update_expression":
            arg = squash(stripped_text(e.child_by_field_name("argument")))
            if arg in want.atoms():
                step: Lin = ({arg: 1}, 1 if "++" in text(e) else -1)
                return want.put(arg, step) if self.no_wrap(step, e, func) else None
        steps = [
            n
            for n in walk(e)
            if n.type == "update_expression"
            and squash(stripped_text(n.child_by_field_name("argument"))) in want.atoms()
        ]
        if len(steps) == 1 and e.type not in {"assignment_expression", "update_expression"}:
            arg = squash(stripped_text(steps[0].child_by_field_name("argument")))
            step = ({arg: 1}, 1 if "++" in text(steps[0]) else -1)
            others = {a for a in want.atoms() if a != arg}
            if _changes(e, others) or not self.no_wrap(step, steps[0], func):
                return None
            return want.put(arg, step)  # `src[pos++]`: one step of pos
        return None if _changes(e, want.atoms()) else want

    def _assigned(  # noqa: PLR0917
        self, want: Want, name: str, value: Node | None, s: Node, func: Node, depth: int, *, alone: bool
    ) -> Want | Node | None:
        """The want before ``name = value`` (the statement ``s``): the value put in the name's place
        (a difference only where it cannot wrap); a choice ``c ? a : b`` proven for each arm under
        its side of ``c`` (``alone``: the only store of ``s``); a search's result bounded by what it
        searched."""
        got = self.lin(value, func)
        if got is not None:
            return want.put(name, got) if self.no_wrap(got, s, func) else None
        e = strip_expr(value) if value is not None else None
        if e is None:
            return None
        if e.type == "conditional_expression" and alone:
            return self._choice(want, name, e, s, func, depth)
        if e.type == "call_expression":
            bound = self._searched(want, name, e, func)
            return want.put(name, bound) if bound is not None else None
        return None

    def _choice(  # noqa: PLR0917
        self, want: Want, name: str, e: Node, s: Node, func: Node, depth: int
    ) -> Node | None:
        """``name = c ? a : b``: ``want`` holds after it when it holds with ``a`` where ``c`` is true
        and with ``b`` where it is false (:meth:`_arms`)."""
        cond = e.child_by_field_name("condition")
        arms: list[tuple[Want, bool, Lin | None]] = []
        for arm, truth in (
            (e.child_by_field_name("consequence"), True),
            (e.child_by_field_name("alternative"), False),
        ):
            value = self.lin(arm, func)
            if value is None or arm is None or _changes(arm, want.atoms()):
                return None
            arms.append((want.put(name, value), truth, value))
        return self._arms(s, cond, arms, func, depth)

    def _clamp(self, want: Want, s: Node, func: Node, depth: int) -> Node | None:
        """``if (c) x = v;`` (nothing else in its body, no ``else``): ``want`` holds after it when it holds
        with ``v`` for ``x`` where ``c`` is true and as it is where ``c`` is false (:meth:`_arms`):
        ``if (n > left) n = left;``."""
        cond, cons = s.child_by_field_name("condition"), s.child_by_field_name("consequence")
        body = cons
        if body is not None and body.type == "compound_statement":
            inner = [c for c in body.named_children if c.type != "comment"]
            body = inner[0] if len(inner) == 1 else None
        e = strip_expr(body.named_children[0]) if body is not None and body.named_children else None
        if (
            body is None
            or body.type != "expression_statement"
            or e is None
            or e.type != "assignment_expression"
        ):
            return None
        name = squash(stripped_text(e.child_by_field_name("left")))
        right = e.child_by_field_name("right")
        value = self.lin(right, func)
        if text(e.child_by_field_name("operator")) != "=" or value is None or right is None:
            return None
        if name not in want.atoms() or _changes(right, want.atoms()):
            return None
        return self._arms(s, cond, [(want.put(name, value), True, value), (want, False, None)], func, depth)

    def _arms(
        self, s: Node, cond: Node | None, arms: list[tuple[Want, bool, Lin | None]], func: Node, depth: int
    ) -> Node | None:
        """``s`` when each arm's want holds before ``s`` where ``cond`` has the arm's truth: shown by
        ``cond`` itself (``n = vlen < K ? vlen : K - 1`` with the want ``n <= vlen``), by the statements
        before ``s``, or by both (a fact ``x <= y`` of ``cond`` turns a want that needs ``x`` small into
        one that needs ``y`` small); the value an arm puts (a difference) must not wrap there."""
        if cond is None or any(
            n.type in {"call_expression", "assignment_expression", "update_expression"} for n in walk(cond)
        ):
            return None
        for w, truth, value in arms:
            facts = self._facts(cond, truth, func, depth)
            if value is not None and not self._no_wrap_under(value, facts, s, func):
                return None
            if any(_entails(f, w) for f in facts) or self.evident(w, s, func):
                continue
            if self.holds(w, s, func, depth) is not None:
                continue
            if not any(self.holds(_through_fact(w, f), s, func, depth) is not None for f in facts):
                return None
        return s

    def _no_wrap_under(self, value: Lin, facts: list[Want], s: Node, func: Node) -> bool:
        """``value`` does not go below 0 where facts of a condition hold (``a > b ? a - b : 0``), or
        before ``s`` already."""
        need = Want(*_split(value))
        return any(_entails(f, need) for f in facts) or self.no_wrap(value, s, func)

    def _searched(self, want: Want, name: str, call: Node, func: Node) -> Lin | None:
        """``q = memchr(p, c, n)``, the only store of ``q``, with a check saying ``q`` is not NULL where
        the proof's target runs: ``q`` lies between ``p`` and ``p + n - 1``. Put as its last place where
        ``q`` counts on the small side of the want, as ``p`` where it counts on the big side."""
        if self.target is None:
            return None
        args = call_args(call)
        if callee_of(call) in _SEARCHES and len(args) == 3:
            where, size = args[0], args[2]
        else:
            pair = self._search_helper(call)
            if pair is None:
                return None
            where, size = pair
        if len(plain_definitions(func, name) or []) != 1:
            return None
        if not said_not_null(name, self.target):
            return None
        start, count = self.lin(where, func), self.lin(size, func)
        if start is None or count is None or _changes(call, want.atoms()):
            return None
        net = want.small[0].get(name, 0) - want.big[0].get(name, 0)
        if net <= 0:
            return start
        if not self.no_wrap(count, call, func):
            return None  # a count that wrapped searches far past what its parts say
        return add(add(start, count), ({}, -1))

    def _search_helper(self, call: Node) -> tuple[Node, Node] | None:
        """The arguments ``(p, n)`` of a call of a function of the file that searches its own pair
        like memchr(): every return is NULL or ``p + x`` with ``x + 1 <= n`` shown where it returns
        (``for (i = 0; i + 1 < n; i++) if (p[i] == '\\r' && p[i + 1] == '\\n') return p + i;``), ``p`` a
        pointer to bytes and ``n`` a length, neither changed in it."""
        helper = file_function(self.ctx.parsed.tree.root_node, callee_of(call))
        if helper is None:
            return None
        args = call_args(call)
        params = param_names(helper)
        if len(params) != len(args) or _assigned(helper, set(params)):
            return None
        pair: tuple[str, str] | None = None
        inner = Prover(self.ctx, self.nonnegative)
        returns = [n for n in walk(helper) if n.type == "return_statement"]
        for r in returns:
            value = strip_expr(r.named_children[0]) if r.named_children else None
            if value is None:
                return None
            if value.type == "null" or text(value) in {"NULL", "0"}:
                continue
            got = lin(self.ctx, value, helper)
            bases = [v for v, c in got[0].items() if v in params and c == 1] if got is not None else []
            if got is None or len(bases) != 1:
                return None
            if not byte_pointer(self.ctx, bases[0], helper):
                return None  # offsets of wider elements are not the bytes the length counts
            offset = ({v: c for v, c in got[0].items() if v != bases[0]}, got[1])
            if any(c < 0 for c in offset[0].values()) or offset[1] < 0:
                return None
            if not all(self.nonnegative(v, r, helper) for v in offset[0]):
                return None
            lengths = [
                q
                for q in params
                if q != bases[0] and inner.holds(Want(add(offset, ({}, 1)), ({q: 1}, 0)), r, helper)
            ]
            if not lengths or (pair is not None and (bases[0], lengths[0]) != pair):
                return None
            pair = (bases[0], lengths[0])
        if pair is None:
            return None
        return args[params.index(pair[0])], args[params.index(pair[1])]

    def no_wrap(self, value: Lin, at: Node, func: Node) -> bool:
        """``value`` (a difference) does not go below 0 where ``at`` runs: what it subtracts (variables,
        or a constant: ``len - 3``, ``n--``) is shown at most what it adds. A sum of variables and a
        constant at least 0 always holds."""
        minus, plus = _split(value)
        if not minus[0] and value[1] >= 0:
            return True
        want = Want(minus, plus)
        return self.evident(want, at, func) or self.holds(want, at, func, MAX_HELPER_DEPTH) is not None

    def evident(self, want: Want, at: Node, func: Node) -> bool:
        """``want`` holds whatever the values: its big side exceeds its small side by a constant at
        least 0 plus variables (never negative) counted positively."""
        diff = add(want.big, _scale(want.small, -1))
        return diff[1] >= 0 and all(c > 0 and self.nonnegative(v, at, func) for v, c in diff[0].items())

    def _if(self, want: Want, s: Node, func: Node, depth: int) -> Want | Node | None:
        cond = s.child_by_field_name("condition")
        cons = s.child_by_field_name("consequence")
        alt = s.child_by_field_name("alternative")
        if cond is None or cons is None:
            return None
        if alt is None and terminates(cons):
            # the want with its locals put as the sums they were set to (`val = buf + off + 3` before
            # `if (vlen > len - off - 3) return`): the check may speak of those sums
            expanded = self._expanded(want, cond, func)
            for fact in self._facts(cond, False, func, depth):
                if _entails(fact, want) or _entails(fact, expanded):
                    return cond
            for a, t in atoms(cond, False):
                got = _helper_success(self.ctx, a, t, func, _previous(s))
                if got is not None and self.helper_proves(want, got[0], got[1], depth):
                    return cond
            return None if _changes(s, want.atoms()) else want
        if alt is None and not _changes(s, want.atoms()):
            return want
        if alt is not None:
            return None
        clamped = self._clamp(want, s, func, depth)
        if clamped is not None:
            return clamped
        # a body that grows: the want must hold on both paths, each proven on its own
        skip = next((True for fact in self._facts(cond, False, func, depth) if _entails(fact, want)), False)
        if not skip:
            return None
        body = cons if cons.type == "compound_statement" else None
        if body is None:
            return None
        last = [c for c in body.named_children if c.type != "comment"]
        if not last:
            return None
        into = self._within(want, body, func, depth)
        return cond if into is not None else None

    def _within(self, want: Want, body: Node, func: Node, depth: int) -> Node | None:
        """Prove ``want`` at the end of ``body`` (the body of a check), from its statements and its
        condition."""
        stmts = [c for c in body.named_children if c.type != "comment"]
        got = self._back(want, stmts, func, depth)
        if not isinstance(got, Want):
            return got
        cur = got
        parent = body.parent
        cond = parent.child_by_field_name("condition") if parent is not None else None
        if cond is None:
            return None
        return next((cond for fact in self._facts(cond, True, func, depth) if _entails(fact, cur)), None)

    def _facts(self, cond: Node, truth: bool, func: Node, depth: int) -> list[Want]:
        """What ``cond`` having the value ``truth`` says, as ``small <= big`` sums."""
        out: list[Want] = []
        for a, t in atoms(cond, truth):
            nonzero = self._nonzero(a, t, func)
            if nonzero is not None:
                out.append(nonzero)
            if a.type != "binary_expression":
                continue
            op = text(a.child_by_field_name("operator"))
            left, right = a.child_by_field_name("left"), a.child_by_field_name("right")
            if op not in {"<", "<=", ">", ">="} or left is None or right is None:
                continue
            if not t:
                op = {"<": ">=", "<=": ">", ">": "<=", ">=": "<"}[op]
            lo, hi = (left, right) if op in {"<", "<="} else (right, left)
            small, big = self.lin(lo, func), self.lin(hi, func)
            if small is None or big is None:
                continue
            if any(c < 0 for c in small[0].values()):
                continue
            minus, plus = _split(big)
            if minus[0]:
                # `count > n - pos` false: count + pos <= n, when n - pos does not wrap (pos <= n)
                if depth >= MAX_HELPER_DEPTH + 1 or self.holds(Want(minus, plus), a, func, depth + 1) is None:
                    continue
                small, big = add(small, minus), plus
            if not all(self.nonnegative(v, a, func) for v in (*small[0], *big[0])):
                continue
            if op in {"<", ">"}:
                small = add(small, ({}, 1))
            fact = self._expanded(Want(small, big), a, func)
            if any(c < 0 for c in fact.small[0].values()) or not all(
                self.nonnegative(v, a, func) for v in fact.atoms()
            ):
                continue  # a local put as a sum with a part that may be negative
            out.append(fact)
        return out

    def _nonzero(self, a: Node, truth: bool, func: Node) -> Want | None:
        """``1 <= x`` from ``x`` (``x != 0`` true, ``x == 0`` false) with ``x`` a variable or member
        that is never negative."""
        e = strip_expr(a)
        if e.type == "binary_expression":
            op = text(e.child_by_field_name("operator"))
            left, right = e.child_by_field_name("left"), e.child_by_field_name("right")
            if op not in {"!=", "=="} or left is None or const_int(self.ctx, right, func) != 0:
                return None
            e, truth = strip_expr(left), truth == (op == "!=")
        if not truth or e.type not in {"identifier", "field_expression"}:
            return None
        x = squash(text(e))
        if e.type == "identifier" and "*" in (declared_type(x, func, self.ctx.parsed.tree.root_node) or "*"):
            return None  # a pointer not NULL says nothing of offsets; a name not declared: unknown
        return Want(({}, 1), ({x: 1}, 0)) if self.nonnegative(x, a, func) else None

    def _expanded(self, fact: Want, at: Node, func: Node) -> Want:
        """``fact`` with each local it names that is set once, before ``at``, to a sum whose variables
        nothing changes between there and ``at`` (nor in a loop around ``at`` only), put as that sum
        (``need`` for ``size_t need = sb->len + add + 1;``)."""
        out = fact
        for atom in sorted(fact.atoms()):
            if "->" in atom or "." in atom or atom in param_names(func):
                continue
            defs = plain_definitions(func, atom)
            if defs is None or len(defs) != 1:
                defs = _first_store_only(func, atom, at)  # `size_t pos = 1;` and `pos++` only later
            if defs is None or len(defs) != 1:
                continue
            d, value = defs[0]
            got = self.lin(value, func)
            if got is None or d.end_byte > at.start_byte:
                continue
            span_end = at.end_byte
            loop = at.parent
            while loop is not None and loop != func:
                if (
                    loop.type in {"while_statement", "for_statement", "do_statement"}
                    and loop.start_byte > d.end_byte
                ):
                    span_end = max(span_end, loop.end_byte)
                loop = loop.parent
            names = set(got[0])
            between = [n for n in walk(func) if n.start_byte >= d.end_byte and n.end_byte <= span_end]
            if any(
                _changes(n, names)
                for n in between
                if n.parent is None or n.parent.end_byte > span_end or n.parent.start_byte < d.end_byte
            ):
                continue
            out = out.put(atom, got)
        return out

    def helper_proves(
        self, want: Want, call: Node, success: Callable[[int | None], bool], depth: int
    ) -> bool:
        """Every return of the helper ``call`` calls that ``success`` accepts (by its constant value;
        None: not a constant) proves ``want`` said of the caller's arguments."""
        if depth >= MAX_HELPER_DEPTH:
            return False
        name = callee_of(call)
        helper = file_function(self.ctx.parsed.tree.root_node, name)
        if helper is None:
            return False
        params = param_names(helper)
        args = call_args(call)
        if len(params) != len(args):
            return False
        mapped = _to_params(want, params, args)
        if mapped is None or _assigned(helper, set(params)):
            return False
        returns = [n for n in walk(helper) if n.type == "return_statement"]
        ok = False
        for r in returns:
            value = r.named_children[0] if r.named_children else None
            if not success(const_int(self.ctx, value, helper) if value is not None else None):
                continue
            if self.holds(mapped, r, helper, depth + 1) is None:
                return False
            ok = True
        return ok


_RELATIONS: dict[str, Callable[[int, int], bool]] = {
    "==": lambda v, k: v == k,
    "!=": lambda v, k: v != k,
    "<": lambda v, k: v < k,
    "<=": lambda v, k: v <= k,
    ">": lambda v, k: v > k,
    ">=": lambda v, k: v >= k,
}
_NEGATED = {"==": "!=", "!=": "==", "<": ">=", "<=": ">", ">": "<=", ">=": "<"}


_SEARCHES = frozenset({"memchr", "memrchr"})


def _split(value: Lin) -> tuple[Lin, Lin]:
    """(what ``value`` subtracts, what it adds with its constant): ``len - off - 3`` gives ``off`` and
    ``len - 3``; the value is not negative when the first is at most the second."""
    return ({v: -c for v, c in value[0].items() if c < 0}, 0), (
        {v: c for v, c in value[0].items() if c > 0},
        value[1],
    )


BYTES = frozenset(
    {"char", "unsigned char", "signed char", "uint8_t", "int8_t", "u8", "void", "guchar", "gchar"}
)


def byte_pointer(ctx: Ctx, name: str, func: Node) -> bool:
    """``name`` is declared a pointer to bytes (``const char *``, ``uint8_t *``, ``void *``)."""
    declared = declared_type(name, func, ctx.parsed.tree.root_node) or ""
    pointee = " ".join(declared.replace("const", " ").replace("volatile", " ").replace("*", " ").split())
    return declared.count("*") == 1 and pointee in BYTES


def _first_store_only(func: Node, name: str, at: Node) -> list[tuple[Node, Node]] | None:
    """``[(declarator, value)]`` when the only store of the local ``name`` written before ``at`` is its
    declaration's initialiser, no loop around ``at`` stores it again, nothing takes its address and
    no ``goto`` jumps back; None otherwise."""
    if backward_goto(func, unknown_labels=True):
        return None
    loops = [a for a in ancestors(at, func) if a.type in {"while_statement", "for_statement", "do_statement"}]
    init: tuple[Node, Node] | None = None
    for n in walk(func):
        if n.type == "init_declarator" and declared_name(n.child_by_field_name("declarator")) == name:
            value = n.child_by_field_name("value")
            if value is None or init is not None or n.end_byte > at.start_byte:
                return None
            init = (n, value)
            continue
        stored = store_of(n)
        if stored is None or stored[1] != name:
            continue
        if stored[0] == "&" or n.start_byte < at.start_byte:
            return None
        if any(lp.start_byte <= n.start_byte < lp.end_byte for lp in loops):
            return None
    return [init] if init is not None else None


def _scales(fact: Want, want: Want) -> list[int]:
    """Positive whole factors ``k`` by which ``fact`` times ``k`` cancels an atom the want counts on
    its small side (``i + 1 <= n`` times 3 for ``3 * i + 4 <= 49``)."""
    out: list[int] = []
    for v, c in fact.small[0].items():
        w = want.small[0].get(v, 0)
        if c > 0 and w > 0 and w % c == 0 and w // c not in out:
            out.append(w // c)
    return out


def _through_fact(want: Want, fact: Want) -> Want:
    """A want that makes ``want`` hold given ``fact`` (x <= y): its small side grown by ``y - x``."""
    return Want(add(want.small, add(fact.big, _scale(fact.small, -1))), want.big)


def _operand_condition(e: Node, child: Node) -> tuple[Node, bool] | None:
    """The condition that holds (and its truth) where ``child``, an operand of ``e``, is evaluated:
    the left of ``&&`` (true) or ``||`` (false) for the right operand; ``c`` of ``c ? a : b`` for an
    arm."""
    if e.type == "binary_expression":
        op = text(e.child_by_field_name("operator"))
        left = e.child_by_field_name("left")
        if op in {"&&", "||"} and left is not None and e.child_by_field_name("right") == child:
            return left, op == "&&"
        return None
    cond = e.child_by_field_name("condition")
    if cond is None or child == cond:
        return None
    return cond, e.child_by_field_name("consequence") == child


def _previous(s: Node) -> Node | None:
    prev = s.prev_named_sibling
    while prev is not None and prev.type == "comment":
        prev = prev.prev_named_sibling
    return prev


def _status_call(v: Node, prev: Node | None) -> Node | None:
    """The call whose result the statement ``prev`` right before the check stores into the local
    ``v`` (``lzd_status st = lzd_reserve(&d->out, n);``, ``st = grow(b, n);``)."""
    if prev is None or v.type != "identifier":
        return None
    value: Node | None = None
    for n in walk(prev):
        if n.type == "init_declarator" and text(n.child_by_field_name("declarator")) == text(v):
            value = n.child_by_field_name("value")
        elif n.type == "assignment_expression" and stripped_text(n.child_by_field_name("left")) == text(v):
            value = n.child_by_field_name("right") if text(n.child_by_field_name("operator")) == "=" else None
    call = strip_expr(value) if value is not None else None
    return call if call is not None and call.type == "call_expression" else None


def _helper_success(
    ctx: Ctx, a: Node, truth: bool, func: Node, prev: Node | None = None
) -> tuple[Node, Callable[[int | None], bool]] | None:
    """A call whose value ``a`` having ``truth`` constrains (``sb_grow(sb, n) != 0`` false: it returned
    0; ``!grow(...)`` false: not 0; ``st != OK`` false, ``st`` set by the statement ``prev`` before the
    check), and which of its constant returns are those; a return that is no constant always counts
    (it may be one of them)."""
    e = strip_expr(a)
    held = _status_call(e, prev)
    if held is not None:
        e = held
    if e.type == "call_expression":
        return e, (lambda v: v is None or (v != 0) == truth)
    if e.type != "binary_expression":
        return None
    op = text(e.child_by_field_name("operator"))
    left, right = e.child_by_field_name("left"), e.child_by_field_name("right")
    if op not in _RELATIONS or left is None or right is None:
        return None
    call = strip_expr(left)
    call = _status_call(call, prev) or call
    k = const_int(ctx, right, func)
    if call.type != "call_expression" or k is None:
        return None
    rel = _RELATIONS[op if truth else _NEGATED[op]]
    return call, (lambda v: v is None or rel(v, k))


def _to_params(want: Want, params: list[str], args: list[Node]) -> Want | None:
    """``want`` said of the helper's parameters: an atom that is an argument (``n``) or a member of one
    (``sb->len``, ``b.len`` for ``&b``) becomes the parameter's; other atoms: None."""
    names: dict[str, str] = {}
    for p, a in zip(params, args, strict=True):
        e = strip_expr(a)
        if e.type == "pointer_expression" and text(e.child_by_field_name("operator")) == "&":
            inner = e.child_by_field_name("argument")
            if inner is not None:
                names[squash(text(inner)) + "."] = p + "->"
            continue
        names[squash(text(e))] = p
        names[squash(text(e)) + "->"] = p + "->"
    out = want
    for atom in sorted(want.atoms()):
        new = names.get(atom)
        if new is None:
            for prefix, to in names.items():
                if prefix.endswith((".", "->")) and atom.startswith(prefix):
                    new = to + atom[len(prefix) :]
                    break
        if new is None:
            return None
        out = out.put(atom, ({new: 1}, 0))
    return out


def _assigned(func: Node, names: set[str]) -> bool:
    for n in walk(func):
        if n.type == "assignment_expression" and stripped_text(n.child_by_field_name("left")) in names:
            return True
        if n.type == "update_expression" and stripped_text(n.child_by_field_name("argument")) in names:
            return True
    return False


def _changes(node: Node, names: set[str]) -> bool:
    """``node`` may change one of ``names`` (atoms): a store or step of it, its address taken, a call
    handed the struct whose member it is (or a pointer to it), a store through any pointer. The
    length ``strlen(s)`` changes where ``s`` does (what writes into the string is not seen here)."""
    names = names | {a[len("strlen(") : -1] for a in names if a.startswith("strlen(")}
    bases = {n.split("->")[0].split(".")[0] for n in names if "->" in n or "." in n}
    for n in walk(node):
        if n.type == "assignment_expression":
            left = strip_expr(n.child_by_field_name("left") or n)
            if squash(text(left)) in names or (
                left.type == "pointer_expression" and squash(text(left)).lstrip("*") in bases
            ):
                return True
            if left.type == "field_expression" and squash(text(left)) in names:
                return True
        elif n.type == "update_expression":
            if squash(stripped_text(n.child_by_field_name("argument"))) in names:
                return True
        elif n.type == "pointer_expression" and text(n.child_by_field_name("operator")) == "&":
            arg = squash(stripped_text(n.child_by_field_name("argument")))
            if arg in names or arg in bases:
                return True
        elif n.type == "call_expression":
            for a in call_args(n):
                e = strip_expr(a)
                if e.type == "pointer_expression" and text(e.child_by_field_name("operator")) == "&":
                    e = strip_expr(e.child_by_field_name("argument") or e)
                if squash(text(e)) in bases:
                    return True
    return False


def _statement_of(at: Node, func: Node) -> tuple[Node | None, Node | None]:
    """The statement holding ``at`` and the block it is in (a ``{ }`` block, or a ``case`` of a
    switch, whose statements run in order after its label)."""
    cur: Node | None = at
    while cur is not None and cur != func:
        parent = cur.parent
        if parent is not None and parent.type == "compound_statement":
            return cur, parent
        if parent is not None and parent.type == "case_statement" and cur in _statements(parent):
            return cur, parent
        cur = parent
    return None, None


def _statements(block: Node) -> list[Node]:
    """The statements of a block in order (a ``case``'s value is not one)."""
    value = block.child_by_field_name("value") if block.type == "case_statement" else None
    return [c for c in block.named_children if c.type != "comment" and c != value]


def _jumps_away(case: Node) -> bool:
    """The last statement of a ``case`` leaves it (break, return, continue, goto): no fall-through."""
    stmts = _statements(case)
    return bool(stmts) and stmts[-1].type in {
        "break_statement",
        "return_statement",
        "continue_statement",
        "goto_statement",
    }


def where(node: Node) -> str:
    return f"line {line_of(node)}"
