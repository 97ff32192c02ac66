"""Which states one C variable may be in when a given node runs: a small abstract interpreter over
the statements of its function.

States: ``uninit`` (declared, never assigned), ``heap`` (holds memory or a resource it must
release), ``null``, ``freed`` (released: dangling), ``value`` (initialised with anything else),
``unknown`` (initialised with something not known here), ``undecided`` (was ``uninit``, then its
address escaped or only a part of it was assigned: it may or may not be initialised now).
The variable may be a struct member path (``s.a``, :mod:`.c_members`): assignments to it or to
the whole struct initialise it, any write into a part of it or through its address undecides it.
The interpreter follows blocks, if/else, loops (to a fixpoint), switch, break/continue/return,
forward gotos and program-ending calls; it prunes branches under constant conditions (dead code)
and refines the state on NULL checks (``if (!p) exit(1);``). It is a may-analysis: the answer is
every state the variable can have there on some path the code allows. Whatever it does not model
(a backward goto, the variable's address escaping where it matters) makes the answer ``None``
(unknown), so no verdict rests on it.

Parameters start with the states their workspace callers pass (one level of callers, each
interpreted the same way), or every state when a caller is unknown.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal

from tree_sitter import Node

from .budget import spend
from .c_conditions import comparisons
from .c_context import Ctx
from .c_members import apart, base_of, filled_by, is_member, path_of, relation, written_path
from .c_spec import C_TERMINATORS, COPY_FUNCS, FORMAT_FUNCS, READ_ONLY_ARGS, SCAN_FUNCS
from .c_split import decide
from .c_tree import (
    aliases_of,
    call_args,
    callee_of,
    declared_name,
    enclosing_function,
    param_names,
    strip_expr,
    text,
    walk,
)
from .c_values import const_int

State = Literal["uninit", "heap", "null", "freed", "value", "unknown", "undecided"]
States = frozenset[State]
# initialised, but with what is not known here: it may hold memory, NULL, or memory already released
ANY: Final[States] = frozenset({"heap", "null", "value", "unknown"})

ALLOCATORS: Final[frozenset[str]] = frozenset(
    {"malloc", "calloc", "realloc", "reallocarray", "strdup", "strndup", "aligned_alloc", "fopen", "fdopen",
     "tmpfile", "popen", "opendir", "wcsdup", "asprintf_result"}
)  # fmt: skip
RELEASERS: Final[frozenset[str]] = frozenset({"free", "fclose", "pclose", "closedir", "cfree"})
# library calls that neither release nor keep a pointer argument
_PASSIVE: Final[frozenset[str]] = frozenset(
    {"memset", "memcpy", "memmove", "strcpy", "strncpy", "strcat", "strncat", "puts", "fputs", "fwrite",
     "fread", "fgets", "fprintf", "printf", "wprintf", "fflush", "strlen", "wcslen", "assert"}
) | READ_ONLY_ARGS | frozenset(FORMAT_FUNCS) | frozenset(COPY_FUNCS)  # fmt: skip
MAX_LOOP = 8


class Unknown(Exception):
    """A construct the interpreter does not model: no answer."""


@dataclass
class Flow:
    normal: set[State] = field(default_factory=set)
    brk: set[State] = field(default_factory=set)
    cont: set[State] = field(default_factory=set)
    ret: set[State] = field(default_factory=set)

    def join(self, other: Flow) -> None:
        self.normal |= other.normal
        self.brk |= other.brk
        self.cont |= other.cont
        self.ret |= other.ret


@dataclass
class _Run:
    ctx: Ctx
    func: Node
    name: str
    target: Node | None
    at_target: set[State] = field(default_factory=set)
    reached: bool = False
    aliases: set[str] = field(default_factory=set)
    escaped: bool = False
    escapes: list[str] = field(default_factory=list)  # where and how it escaped, in the order seen
    gotos: dict[str, set[State]] = field(default_factory=dict)
    depth: int = 0
    entry: set[State] | None = None  # the parameter's states on entry, when given
    dead_hit: bool = False  # the target sits in code that never runs
    lost: list[Node] = field(default_factory=list)  # assignments that overwrote held memory
    env: dict[str, int] = field(default_factory=dict)  # unchanging variables fixed to one value each
    apart: bool | None = None  # a tracked member's siblings have storage of their own (no union)
    # constant conditions taken as unknown (by their span), and those the run decided
    open: frozenset[tuple[int, int]] = frozenset()
    decided: list[Node] = field(default_factory=list)


def states_at(
    ctx: Ctx, name: str, target: Node, depth: int = 0, env: dict[str, int] | None = None
) -> States | None:
    """Every state ``name`` may have just before ``target`` runs; None when unknown (or never reached).
    ``env``: unchanging variables taken to hold these values (tests on them are decided)."""
    func = enclosing_function(target)
    if func is None:
        return None
    run = _Run(ctx, func, name, target, depth=depth, env=dict(env or {}))
    try:
        _interpret(run)
    except (Unknown, RecursionError):
        return None
    if run.reached:
        return frozenset(run.at_target)
    return frozenset() if run.dead_hit else None  # empty: the target never runs


MAX_PRUNED = 8


def pruned_by(ctx: Ctx, name: str, target: Node, bad: frozenset[State]) -> list[tuple[Node, int]] | None:
    """Constant conditions that keep ``name`` out of the ``bad`` states at ``target``, with their
    values: every path that would bring a bad state there needs one of them to take its other value.
    The ones that each alone, taken as unknown, let a bad state reach ``target``, when together they
    cover every such path; else every constant condition the paths to ``target`` decided. A condition
    decided from a caller's arguments is not one of them. None when the paths are unknown; empty when
    no constant condition keeps the states out (the code that runs does)."""
    func = enclosing_function(target)
    if func is None:
        return None

    def bad_with(open_: frozenset[tuple[int, int]]) -> tuple[bool, list[Node]] | None:
        run = _Run(ctx, func, name, target, open=open_)
        try:
            _interpret(run)
        except (Unknown, RecursionError):
            return None
        return bool(run.reached and run.at_target & bad), run.decided

    first = bad_with(frozenset())
    if first is None or first[0]:
        return None
    decided: dict[tuple[int, int], Node] = {}
    for cond in first[1]:
        if cond.start_byte < target.start_byte:
            decided.setdefault((cond.start_byte, cond.end_byte), cond)
    if not decided or len(decided) > MAX_PRUNED:
        return [] if not decided else None
    alone = [span for span in decided if (got := bad_with(frozenset({span}))) is not None and got[0]]
    if alone:
        covered = bad_with(frozenset(decided) - frozenset(alone))
        chosen = alone if covered is not None and not covered[0] else list(decided)
    else:
        together = bad_with(frozenset(decided))
        if together is None or not together[0]:
            return []
        chosen = list(decided)
    out: list[tuple[Node, int]] = []
    for span in chosen:
        value = const_int(ctx, decided[span], func)
        if value is None:
            return None
        out.append((decided[span], value))
    return out


def states_at_exit(
    ctx: Ctx, name: str, func: Node, entry: set[State] | None = None, *, depth: int = 0
) -> tuple[States, bool] | None:
    """The states ``name`` may have when ``func`` returns, and whether it escaped (was stored or
    returned somewhere else, so its memory may still be reachable). ``entry``: the states of a
    parameter on entry (default: what the callers pass). ``depth``: how many callers deep this run
    is (callees are followed two levels at most)."""
    run = _Run(ctx, func, name, None, entry=entry, depth=depth)
    try:
        flow = _interpret(run)
    except (Unknown, RecursionError):
        return None
    return frozenset(flow.normal | flow.ret), run.escaped


def lost_at_exit(ctx: Ctx, name: str, func: Node) -> tuple[States, bool, list[Node]] | None:
    """As :func:`states_at_exit`, with the assignments that overwrote memory ``name`` held."""
    run = _Run(ctx, func, name, None)
    try:
        flow = _interpret(run)
    except (Unknown, RecursionError):
        return None
    return frozenset(flow.normal | flow.ret), run.escaped, run.lost


def _interpret(run: _Run) -> Flow:
    member = is_member(run.name)
    run.aliases = {run.name} if member else aliases_of(run.func, run.name)
    body = run.func.child_by_field_name("body")
    if body is None:
        raise Unknown("no body")
    start: set[State] = {"uninit"}  # a local before its declaration
    if member:
        if base_of(run.name) in param_names(run.func):
            start = {"undecided"}  # a member of a struct passed by value: what the caller put there
        elif not _declared_in(run.func, base_of(run.name)):
            raise Unknown("a member of something not a local or parameter")
    elif run.name in param_names(run.func):
        start = set(run.entry) if run.entry is not None else set(_param_entry(run))
    elif not _declared_in(run.func, run.name):
        raise Unknown("not a local or parameter")
    return _stmt(run, body, start)


def _declared_in(func: Node, name: str) -> bool:
    for n in walk(func):
        if n.type == "declaration":
            for d in n.named_children:
                kinds = {"identifier", "init_declarator", "pointer_declarator", "array_declarator"}
                if d.type in kinds and (declared_name(d) == name or text(d) == name):
                    return True
    return False


def _param_entry(run: _Run) -> States:
    """The states a parameter arrives with: what every workspace caller passes."""
    if run.depth >= 2:
        return ANY
    from .c_tree import func_name

    pos = param_names(run.func).index(run.name)
    try:
        sites = run.ctx.index.callers(func_name(run.func), limit=20)
    except Exception:
        return ANY
    if not sites:
        return ANY
    out: set[State] = set()
    for site in sites:
        parsed = run.ctx.index.file(site.path)
        if parsed is None or parsed.path != run.ctx.path:
            return ANY  # another file: not followed
        calls = [
            c
            for c in walk(parsed.tree.root_node)
            if c.type == "call_expression"
            and c.start_point[0] + 1 == site.line
            and callee_of(c) == func_name(run.func)
        ]
        if not calls:
            return ANY
        for call in calls:
            args = call_args(call)
            if pos >= len(args):
                return ANY
            arg = strip_expr(args[pos])
            if arg.type == "null" or text(arg) in {"NULL", "0"}:
                out.add("null")
                continue
            if arg.type != "identifier":
                return ANY
            got = states_at(run.ctx, text(arg), call, run.depth + 1)
            if got is None:
                return ANY
            out |= set(got) - {"uninit"} if "uninit" not in got else set(got)
    return frozenset(out) if out else ANY


# ---- statements ------------------------------------------------------------------------------


def _stmt(run: _Run, node: Node, s: set[State]) -> Flow:
    spend()
    t = node.type
    if not s and not run.gotos:
        _skip(run, node)
        return Flow()
    if t == "compound_statement" or t in {"translation_unit"}:
        return _block(run, [c for c in node.named_children if c.type != "comment"], s)
    if t == "declaration":
        return Flow(normal=_declaration(run, node, s))
    if t == "expression_statement":
        cur = s
        for child in node.named_children:
            cur = _expr(run, child, cur)
        if node.named_children and _ends_program(node.named_children[0]):
            return Flow()
        return Flow(normal=cur)
    if t == "if_statement":
        return _if(run, node, s)
    if t in {"while_statement", "for_statement", "do_statement"}:
        return _loop(run, node, s)
    if t == "switch_statement":
        return _switch(run, node, s)
    if t == "return_statement":
        cur = s
        for child in node.named_children:
            if strip_expr(child).type == "identifier" and text(strip_expr(child)) in run.aliases:
                _escape(run, node, "returned")
            cur = _expr(run, child, cur)
        return Flow(ret=cur)
    if t == "break_statement":
        return Flow(brk=set(s))
    if t == "continue_statement":
        return Flow(cont=set(s))
    if t == "goto_statement":
        label = text(node.child_by_field_name("label"))
        run.gotos.setdefault(label, set()).update(s)
        return Flow()
    if t == "labeled_statement":
        label = text(node.child_by_field_name("label"))
        if label not in run.gotos and _goto_after(run.func, label, node):
            raise Unknown("backward goto")
        joined = set(s) | run.gotos.pop(label, set())
        inner = [c for c in node.named_children if c.type not in {"statement_identifier", "comment"}]
        return _block(run, inner, joined)
    if t in {"preproc_if", "preproc_ifdef", "preproc_else", "preproc_elif", "preproc_elifdef"}:
        stmts = [
            c
            for c in node.named_children
            if c.type not in {"identifier", "preproc_defined", "comment"}
            and c != node.child_by_field_name("condition")
            and c != node.child_by_field_name("alternative")
        ]
        flow = _block(run, stmts, s)
        alt = node.child_by_field_name("alternative")
        other = _stmt(run, alt, s) if alt is not None else Flow(normal=set(s))
        flow.join(other)
        return flow
    if t in {"empty_statement", "preproc_call", "preproc_def", "preproc_function_def", "type_definition"}:
        return Flow(normal=set(s))
    if t in {"case_statement"}:
        return _block(run, _case_body(node), s)
    if t.endswith("_declaration") or t in {"struct_specifier", "enum_specifier"}:
        return Flow(normal=set(s))
    # an expression used as a statement by the grammar's recovery, or something unknown
    if t.endswith("_expression"):
        return Flow(normal=_expr(run, node, s))
    raise Unknown(f"statement {t}")


def _goto_after(func: Node, label: str, labeled: Node) -> bool:
    return any(
        n.type == "goto_statement"
        and text(n.child_by_field_name("label")) == label
        and n.start_byte > labeled.start_byte
        for n in walk(func)
    )


def _block(run: _Run, stmts: list[Node], s: set[State]) -> Flow:
    out = Flow()
    cur = set(s)
    for st in stmts:
        pending = st.type == "labeled_statement" and text(st.child_by_field_name("label")) in run.gotos
        if not cur and not pending:
            _skip(run, st)
            continue
        f = _stmt(run, st, cur)
        out.brk |= f.brk
        out.cont |= f.cont
        out.ret |= f.ret
        cur = f.normal
    out.normal = cur
    return out


def _declaration(run: _Run, node: Node, s: set[State]) -> set[State]:
    cur = set(s)
    static = any(
        text(c) in {"static", "extern"} for c in node.children if c.type == "storage_class_specifier"
    )
    member = is_member(run.name)
    for d in node.named_children:
        if d.type == "init_declarator":
            value = d.child_by_field_name("value")
            if value is not None:
                cur = _expr(run, value, cur)
            if member and declared_name(d) == base_of(run.name):
                cur = {"value"}  # an initialiser sets every member (those it does not name to zero)
            elif declared_name(d) == run.name and value is not None:
                cur = _assigned(run, value, cur)
        elif d.type in {"identifier", "pointer_declarator", "array_declarator"}:
            name = text(d) if d.type == "identifier" else declared_name(d)
            if member and name == base_of(run.name) and d.type == "identifier":
                cur = {"value"} if static else {"uninit"}
            elif name == run.name:
                cur = {"value"} if d.type == "array_declarator" else ({"null"} if static else {"uninit"})
    return cur


def _case_body(node: Node) -> list[Node]:
    value = node.child_by_field_name("value")
    return [c for c in node.named_children if c != value and c.type != "comment"]


def _if(run: _Run, node: Node, s: set[State]) -> Flow:
    cond = node.child_by_field_name("condition")
    cons = node.child_by_field_name("consequence")
    alt = node.child_by_field_name("alternative")
    cur = _expr(run, cond, s) if cond is not None else set(s)
    value = _constant(run, cond)
    if value is None and cond is not None and run.env:
        known = decide(run.ctx, cond, run.env, run.func)
        value = None if known is None else int(known)
    out = Flow()
    if value is None or value:
        t_in = _refine(run, cond, True, cur) if cond is not None else cur
        out.join(_stmt(run, cons, t_in) if cons is not None else Flow(normal=t_in))
    elif cons is not None:
        _skip(run, cons)
    if value is None or not value:
        f_in = _refine(run, cond, False, cur) if cond is not None else cur
        if alt is not None:
            body = (
                [c for c in alt.named_children if c.type != "comment"] if alt.type == "else_clause" else [alt]
            )
            out.join(_block(run, body, f_in))
        else:
            out.normal |= f_in
    elif alt is not None:
        _skip(run, alt)
    return out


def _constant(run: _Run, cond: Node | None) -> int | None:
    """The constant value of a condition (None: not constant, or taken as unknown by this run)."""
    if cond is None or (cond.start_byte, cond.end_byte) in run.open:
        return None
    value = const_int(run.ctx, cond, run.func)
    if value is not None:
        run.decided.append(cond)
    return value


def _escape(run: _Run, node: Node, how: str, then: str = "") -> None:
    run.escaped = True
    said = f"{how} at line {node.start_point[0] + 1}{then}"
    if said not in run.escapes:
        run.escapes.append(said)


_UNKNOWN_WORDS = {
    "no body": "its function has no body",
    "a member of something not a local or parameter": "it is a member of something that is not a local "
    "variable or a parameter",
    "not a local or parameter": "it is not a local variable or a parameter of its function",
    "backward goto": "its function has a backward goto",
}


def unknown_why(ctx: Ctx, name: str, target: Node) -> str | None:
    """Why :func:`states_at` has no answer for ``name`` at ``target``, in words (None: it has one, or
    the target is not reached)."""
    func = enclosing_function(target)
    if func is None:
        return "it is not inside a function"
    run = _Run(ctx, func, name, target)
    try:
        _interpret(run)
    except Unknown as exc:
        said = str(exc)
        if said.startswith("statement "):
            return f"its function has a statement the analyst does not model ({said.split(' ', 1)[1]})"
        return _UNKNOWN_WORDS.get(said)
    except RecursionError:
        return "its paths are too deep to follow"
    return None


def escapes_of(ctx: Ctx, name: str, func: Node) -> list[str]:
    """Where ``name`` escapes in ``func`` (``returned at line 12``, ``stored in `s->p` at line 9``):
    what makes :func:`lost_at_exit` say it escaped."""
    run = _Run(ctx, func, name, None)
    try:
        _interpret(run)
    except (Unknown, RecursionError):
        return []
    return run.escapes


def _skip(run: _Run, node: Node | None) -> None:
    """``node`` never runs (a dead branch, code after a return): note it when it holds the target."""
    if (
        node is not None
        and run.target is not None
        and node.start_byte <= run.target.start_byte < node.end_byte
    ):
        run.dead_hit = True


def _loop(run: _Run, node: Node, s: set[State]) -> Flow:
    t = node.type
    cond = node.child_by_field_name("condition")
    body = node.child_by_field_name("body")
    cur = set(s)
    if t == "for_statement":
        init = node.child_by_field_name("initializer")
        if init is not None:
            cur = _stmt(run, init, cur).normal if init.type == "declaration" else _expr(run, init, cur)
    update = node.child_by_field_name("update") if t == "for_statement" else None
    value = _constant(run, cond) if cond is not None else (1 if t == "for_statement" else None)
    exit_states: set[State] = set()
    ret: set[State] = set()
    head = set(cur)
    first = True
    for _ in range(MAX_LOOP):
        if t == "do_statement" and first:
            entry = set(head)
        else:
            at_cond = _expr(run, cond, head) if cond is not None else set(head)
            if value is None or not value:
                exit_states |= _refine(run, cond, False, at_cond) if cond is not None else at_cond
            if value is not None and not value:
                _skip(run, body)
                break
            entry = _refine(run, cond, True, at_cond) if cond is not None else at_cond
        first = False
        flow = _stmt(run, body, entry) if body is not None else Flow(normal=entry)
        ret |= flow.ret
        exit_states |= flow.brk
        back = flow.normal | flow.cont
        if update is not None:
            back = _expr(run, update, back)
        new_head = head | back
        if t == "do_statement":
            at_cond = _expr(run, cond, back) if cond is not None else back
            if value is None or not value:
                exit_states |= _refine(run, cond, False, at_cond) if cond is not None else at_cond
            if value is not None and not value:
                break
            new_head = head | (_refine(run, cond, True, at_cond) if cond is not None else at_cond)
        if new_head == head and not first:
            break
        head = new_head
    return Flow(normal=exit_states, ret=ret)


def _switch(run: _Run, node: Node, s: set[State]) -> Flow:
    cond = node.child_by_field_name("condition")
    body = node.child_by_field_name("body")
    cur = _expr(run, cond, s) if cond is not None else set(s)
    out = Flow()
    live: set[State] = set()
    has_default = False
    for st in [c for c in (body.named_children if body is not None else []) if c.type != "comment"]:
        if st.type == "case_statement":
            if st.child_by_field_name("value") is None:
                has_default = True
            live |= cur
            f = _block(run, _case_body(st), live)
        else:
            f = _stmt(run, st, live)
        out.ret |= f.ret
        out.cont |= f.cont
        out.brk |= f.brk
        live = f.normal
    out.normal = live | out.brk | (set() if has_default else cur)
    out.brk = set()
    return out


def _ends_program(expr: Node) -> bool:
    e = strip_expr(expr)
    return e.type == "call_expression" and callee_of(e) in C_TERMINATORS


# ---- conditions ------------------------------------------------------------------------------


def _refine(run: _Run, cond: Node, truth: bool, s: set[State]) -> set[State]:
    """The states left when ``cond`` evaluated to ``truth``: NULL checks on the variable."""
    out = set(s)
    for var, op, other in comparisons(cond, truth):
        if var != run.name:
            continue
        o = strip_expr(other)
        is_null = o.type == "null" or text(o) in {"NULL", "0", "nullptr"}
        itself = o.type in {"identifier", "field_expression"} and text(o) == var  # `if (p)` / `if (!p)`
        if not (is_null or itself):
            continue
        if op == "==":
            # one that holds (or held) memory is not NULL
            out &= {"null", "value", "uninit", "unknown", "undecided"}
        elif op == "!=":
            out -= {"null"}
    return out


# ---- expressions -----------------------------------------------------------------------------


def _expr(run: _Run, node: Node | None, s: set[State]) -> set[State]:
    if node is None:
        return set(s)
    if run.target is not None and node == run.target:
        run.at_target |= s
        run.reached = True
    t = node.type
    if t == "assignment_expression":
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        cur = _expr(run, right, s)
        lhs = strip_expr(left) if left is not None else None
        if lhs is not None and lhs.type == "identifier" and text(lhs) == run.name:
            op = text(node.child_by_field_name("operator"))
            if run.target is not None and lhs == run.target:
                run.at_target |= cur
                run.reached = True
            if op == "=" and right is not None:
                if "heap" in cur:
                    if run.aliases != {run.name}:
                        _escape(run, node, "also held by another name when it is reassigned")
                    else:
                        run.lost.append(node)
                return _assigned(run, right, cur)
            return cur - {"uninit"} | ({"value"} if "uninit" in cur else set())
        if lhs is not None:
            cur = _expr(run, lhs, cur)
        written = _writes(run, left)
        if written == "whole" and text(node.child_by_field_name("operator")) == "=":
            return {"value"}
        if written == "same" and right is not None:
            if text(node.child_by_field_name("operator")) != "=":
                return cur - {"uninit"} | ({"value"} if "uninit" in cur else set())
            return _assigned(run, right, cur)
        if written == "part":
            return _undecide(cur)
        if (
            right is not None
            and strip_expr(right).type == "identifier"
            and text(strip_expr(right)) in run.aliases
            and lhs is not None
            and not (lhs.type == "identifier" and text(lhs) in run.aliases)
        ):
            _escape(run, node, f"stored in `{text(lhs)}`")  # a field, a global, through a pointer
        return cur
    if t == "call_expression":
        return _call(run, node, s)
    if t == "pointer_expression" and text(node.child_by_field_name("operator")) == "&":
        arg = node.child_by_field_name("argument")
        path = path_of(arg)
        if arg is not None and strip_expr(arg).type == "identifier" and text(strip_expr(arg)) in run.aliases:
            _escape(run, node, "handed by address")
            if _scanned(node):
                return set(s) | {"value"}  # a scanf conversion: assigned when it matches, else not
            # whoever gets the address may assign it anything (NULL, memory, another object), or not
            return _undecide(set(s)) | set(ANY)
        if path is not None and relation(path, run.name) is not None:
            _escape(run, node, "handed by address")
            return _undecide(_expr(run, arg, s))  # the address of it, of a part, or of its whole
        return _expr(run, arg, s)
    if t in {"sizeof_expression", "alignof_expression"}:
        return set(s)  # not evaluated
    if t == "conditional_expression":
        cond = node.child_by_field_name("condition")
        cur = _expr(run, cond, s)
        value = _constant(run, cond)
        out: set[State] = set()
        for branch, truth in (("consequence", True), ("alternative", False)):
            if value is not None and bool(value) != truth:
                _skip(run, node.child_by_field_name(branch))
                continue
            b_in = _refine(run, cond, truth, cur) if cond is not None else cur
            out |= _expr(run, node.child_by_field_name(branch), b_in)
        return out
    if t == "binary_expression" and text(node.child_by_field_name("operator")) in {"&&", "||"}:
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        cur = _expr(run, left, s)
        op = text(node.child_by_field_name("operator"))
        value = _constant(run, left)
        if value is not None and bool(value) == (op == "||"):
            _skip(run, right)
            return cur  # short circuit: the right side never runs
        rhs_in = _refine(run, left, op == "&&", cur) if left is not None else cur
        return cur | _expr(run, right, rhs_in)
    cur = set(s)
    for child in node.named_children:
        cur = _expr(run, child, cur)
    return cur


def _assigned(run: _Run, value: Node, s: set[State]) -> set[State]:
    """The state after ``name = value``."""
    v = strip_expr(value)
    if v.type == "null" or text(v) in {"NULL", "0", "nullptr"}:
        return {"null"}
    if v.type == "call_expression":
        callee = callee_of(v)
        if callee in ALLOCATORS:
            return {"heap", "null"}
        if callee in {"alloca", "_alloca", "__builtin_alloca", "ALLOCA"}:
            return {"value"}
        return set(_returned(run, v))
    if v.type in {"string_literal", "concatenated_string", "number_literal", "char_literal"} or (
        v.type == "pointer_expression" and text(v.child_by_field_name("operator")) == "&"
    ):
        return {"value"}
    if v.type == "identifier":
        if _is_array(run, text(v)):
            return {"value"}
        if run.depth < 1 and text(v) != run.name:
            other = states_at(run.ctx, text(v), v, run.depth + 1)
            if other is not None and other and not other & {"null", "unknown", "uninit"}:
                return set(ANY) - {"null"}  # a pointer that is never NULL there: neither is the copy
        return set(ANY)  # what another pointer holds: anything, released memory included
    if v.type in {"binary_expression", "unary_expression", "subscript_expression"} and not any(
        n.type == "call_expression" for n in walk(v)
    ):
        base = [n for n in walk(v) if n.type == "identifier" and _is_array(run, text(n))]
        if base and v.type == "binary_expression":
            return {"value"}  # an array plus an offset
        return {"value"} if v.type != "subscript_expression" else set(ANY)
    return set(ANY)


def _is_array(run: _Run, name: str) -> bool:
    for scope in (run.func, run.ctx.parsed.tree.root_node):
        for n in walk(scope):
            if (
                n.type == "array_declarator"
                and text(n.child_by_field_name("declarator")) == name
                and not (n.parent is not None and n.parent.type == "parameter_declaration")
            ):
                return True  # (a parameter written as an array is a pointer: it may be NULL)
    return False


def _returned(run: _Run, call: Node) -> States:
    """The states a workspace function's result can have: what each of its ``return``s hands back."""
    if run.depth >= 2:
        return ANY
    from .c_provenance import definition_of

    found = definition_of(run.ctx, call)
    if found is None:
        return ANY
    octx, fdef = found
    out: set[State] = set()
    for r in walk(fdef):
        if r.type != "return_statement" or enclosing_function(r) != fdef:
            continue
        value = r.named_children[0] if r.named_children else None
        if value is None:
            return ANY
        v = strip_expr(value)
        if v.type == "null" or text(v) in {"NULL", "0"}:
            out.add("null")
        elif v.type == "call_expression" and callee_of(v) in ALLOCATORS:
            out |= {"heap", "null"}
        elif v.type == "identifier":
            got = states_at(octx, text(v), v, run.depth + 1)
            if got is None:
                return ANY
            out |= got
        else:
            return ANY
    return frozenset(out) if out else ANY


def _released(cur: set[State]) -> set[State]:
    out: set[State] = {"freed"}
    out |= cur & {"uninit", "undecided"}
    return out


def _undecide(cur: set[State]) -> set[State]:
    """After a write that may or may not initialise the variable (a part of it, or through an
    address that escaped): never assigned is no longer a fact."""
    return cur - {"uninit"} | {"undecided"} if "uninit" in cur else cur


def _writes(run: _Run, lhs: Node | None) -> str | None:
    """How an assignment to ``lhs`` touches a tracked member path or a struct's members: "same"
    (``s.a = …``), "whole" (``s = …`` for ``s.a``), "part" (``s.a.x = …``, ``s.a[i] = …`` for
    ``s.a``; ``s.n = …`` for ``s``); None when it does not (or when the variable is a plain one
    assigned as a whole, which the caller handles)."""
    got = written_path(lhs)
    if got is None:
        return None
    path, partial = got
    rel = relation(path, run.name)
    if rel is None and is_member(run.name) and base_of(path) == base_of(run.name) and not _apart(run):
        return "part"  # a sibling member: it shares storage with this one when a union lies on the way
    if rel is None or (rel == "same" and not is_member(run.name)):
        return None
    if partial:
        return "part" if rel != "whole" or not is_member(run.name) else None
    return rel


def _apart(run: _Run) -> bool:
    if run.apart is None:
        run.apart = apart(run.func, run.ctx.parsed.tree.root_node, run.name)
    return run.apart


def _member_call(run: _Run, call: Node, cur: set[State]) -> set[State]:
    """A call's effect on a tracked member path: a full-size memset/memcpy into it or its whole
    initialises it; anything else handed the member itself (an array member decays to its address)
    or, for a callee with no definition here (a macro), the struct, may or may not write it."""
    callee = callee_of(call)
    args = call_args(call)
    filled = filled_by(call, run.func)
    if filled is not None and relation(filled, run.name) in {"same", "whole"}:
        return {"value"}
    if callee in READ_ONLY_ARGS or callee in FORMAT_FUNCS:
        return cur
    for a in args:
        path = path_of(a)
        rel = relation(path, run.name) if path is not None else None
        if rel in {"same", "part"} or (rel == "whole" and _no_definition(run, call)):
            return _undecide(cur)
    return cur


def _scanned(address: Node) -> bool:
    """``&x`` is an argument a scanf-like call writes only when its conversion matches."""
    args = address.parent
    call = args.parent if args is not None and args.type == "argument_list" else None
    return call is not None and call.type == "call_expression" and callee_of(call) in SCAN_FUNCS


def _no_definition(run: _Run, call: Node) -> bool:
    from .c_provenance import definition_of

    return definition_of(run.ctx, call) is None


def _call(run: _Run, call: Node, s: set[State]) -> set[State]:
    callee = callee_of(call)
    args = call_args(call)
    fn = call.child_by_field_name("function")
    cur = _expr(run, fn, s) if fn is not None and fn.type != "identifier" else set(s)
    for a in args:
        cur = _expr(run, a, cur)
    if is_member(run.name):
        return _member_call(run, call, cur)
    passed = [
        i
        for i, a in enumerate(args)
        if strip_expr(a).type == "identifier" and text(strip_expr(a)) in run.aliases
    ]
    if not passed:
        if run.escaped and callee not in _PASSIVE and callee not in C_TERMINATORS:
            return cur | {"unknown"}  # stored elsewhere: maybe released through that copy
        return cur
    if callee in RELEASERS:
        if any(text(strip_expr(args[i])) == run.name for i in passed):
            return _released(cur)
        return cur | {"unknown"}  # an alias was released: maybe the same memory
    if callee == "realloc":
        return cur | {"freed"}
    if callee in _PASSIVE or callee in C_TERMINATORS:
        return cur
    effect = _callee_effect(run, call, passed)
    if effect == "frees":
        return _released(cur)
    if effect == "may":
        _escape(run, call, f"handed to {callee or 'a call'}()", ", which may keep or release it")
        return cur | {"unknown"}
    return cur


def _callee_effect(run: _Run, call: Node, passed: list[int]) -> str:
    """What a workspace function does with the pointer passed at ``passed``: "frees" (on every
    path), "keeps" (never releases nor stores it), or "may" (anything else, unknown callees too)."""
    from .c_provenance import definition_of

    found = definition_of(run.ctx, call)
    if found is None:
        return "may"
    octx, fdef = found
    params = param_names(fdef)
    names = [params[i] for i in passed if i < len(params)]
    if not names or run.depth >= 2:
        return "may"
    verdicts: set[str] = set()
    for name in names:
        got = states_at_exit(octx, name, fdef, entry={"heap"}, depth=run.depth + 1)
        if got is None:
            return "may"
        states, escaped = got
        if escaped:
            return "may"
        if states and states <= {"freed"}:
            verdicts.add("frees")
        elif states & {"freed", "unknown"}:
            return "may"
        else:
            verdicts.add("keeps")
    return "frees" if verdicts == {"frees"} else ("keeps" if verdicts == {"keeps"} else "may")
