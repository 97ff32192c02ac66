"""Is the sink's call, kept by a patch, still run with its data and its result still used?

``graph.fix.semantic`` checks that the sink's call is still in the function with the same inputs. A
patch can keep the call's text and still delete its effect; this module finds those stubs (Python and
C/C++, on tree-sitter trees):

- **dead**: the call sits after an unconditional exit in straight-line code (``raise``, ``return``,
  ``assert False``, ``sys.exit()``, ``abort()``, ``continue``/``break``), under a condition that is a
  constant (``if False:``, ``while 0``, ``x if 0 else y``, ``False and f()``, ``#if 0``), or inside a
  nested function or lambda that the function never calls;
- **killed input**: a new assignment before the call replaces one of its inputs with a value computed
  from none of them (``name = "."`` before ``subprocess.call(["ls", name])``), always or whenever the
  input is set (``if name: name = ""``);
- **side channel**: an input the call worked on now reaches it only through a keyword that is not its
  data (``subprocess.call(["ls"], env={"NAME": name})``; ``sinks.toml [roles]``);
- **result dropped**: the call's value was used (assigned, returned, passed on) and is now thrown away.

Reviewers reject all three; a scanner no longer reports them, which is why they need their own check.
What counts as an exit call, or a keyword that is not data, is data (``sinks.toml``).
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tree_sitter import Node

    from .semantic import Code

_BLOCKS = {"block", "compound_statement", "module", "translation_unit", "case_statement"}
_EXITS = {"raise_statement", "return_statement", "continue_statement", "break_statement", "throw_statement"}
_NESTED_FN = {"function_definition", "lambda", "lambda_expression"}
_FALSY = re.compile(r"^\(*\s*(?:False|None|0+|0x0+|0\.0*|''|\"\"|NULL|nullptr|false)\s*\)*$")
_TRUTHY = re.compile(r"^\(*\s*(?:True|[1-9]\d*|true)\s*\)*$")
_WRAPPERS = {"parenthesized_expression", "await", "await_expression"}


def _constant_truth(code: Code, node: Node | None) -> bool | None:
    """True/False when ``node`` is a condition whose value is a constant, else None."""
    if node is None:
        return None
    text = code.t(node).strip()
    if node.type in ("not_operator", "unary_expression") and text.startswith(("not", "!")):
        inner = node.child_by_field_name("argument") or node.named_children[-1]
        value = _constant_truth(code, inner)
        return None if value is None else not value
    if _FALSY.match(text):
        return False
    if _TRUTHY.match(text):
        return True
    if node.type == "identifier":  # a name only ever assigned one constant in the file
        rhs = code.assignments(code.tree.root_node).get(text, [])
        values = {_constant_truth(code, r) for r in rhs if r.type != "identifier"}
        if rhs and len(values) == 1 and None not in values and all(r.type != "identifier" for r in rhs):
            return values.pop()
    return None


def _is_exit(code: Code, stmt: Node, exits: Iterable[str]) -> bool:
    """A statement after which the next one never runs."""
    if stmt.type in _EXITS:
        return True
    if stmt.type == "assert_statement":
        return _constant_truth(code, stmt.named_children[0] if stmt.named_children else None) is False
    if stmt.type == "expression_statement" and stmt.named_children:
        call = stmt.named_children[0]
        if call.type in ("call", "call_expression"):
            name = code.qualified(call)
            return any(fnmatch.fnmatchcase(name, p) for p in exits)
    return False


def _statements_before(node: Node, scope: Node) -> Iterable[tuple[Node, Node]]:
    """(earlier statement, the ancestor of ``node`` it precedes) in every block from ``node`` up to
    ``scope``: the straight-line code that always runs before ``node``."""
    child = node
    parent = node.parent
    while parent is not None and child.id != scope.id:
        if parent.type in _BLOCKS:
            for sib in parent.named_children:
                if sib.start_byte >= child.start_byte:
                    break
                yield sib, child
        if parent.id == scope.id:
            break
        child, parent = parent, parent.parent


def dead_reason(code: Code, call: Node, scope: Node, exits: Iterable[str]) -> str | None:
    """Why ``call`` never runs when ``scope`` runs (None: it may run)."""
    for stmt, _ancestor in _statements_before(call, scope):
        if _is_exit(code, stmt, exits):
            line = stmt.start_point[0] + 1
            return f"it comes after `{_first_line(code, stmt)}` (line {line}), which always leaves"
    child: Node = call
    parent = call.parent
    while parent is not None and child.id != scope.id:
        why = _guard(code, parent, child, scope)
        if why:
            return why
        if parent.id == scope.id:
            break
        child, parent = parent, parent.parent
    return None


def _guard(code: Code, parent: Node, child: Node, scope: Node) -> str | None:
    t = parent.type
    if t in ("if_statement", "while_statement", "preproc_if", "preproc_elif"):
        cond = parent.child_by_field_name("condition")
        if cond is None or child.id == cond.id:
            return None
        value = _constant_truth(code, cond)
        in_else = child.type in ("else_clause", "elif_clause", "preproc_else", "preproc_elif") or (
            parent.child_by_field_name("alternative") is not None
            and child.id == parent.child_by_field_name("alternative").id  # type: ignore[union-attr]
        )
        if value is False and not in_else:
            return f"it is under `{_first_line(code, parent)}`, which never holds"
        if value is True and in_else and t != "while_statement":
            return f"it is in the other branch of `{_first_line(code, parent)}`, which always holds"
    elif t == "conditional_expression":
        test = parent.child_by_field_name("condition")
        parts = parent.named_children
        then: Node | None
        other: Node | None
        if test is None and len(parts) == 3:  # Python: a if cond else b
            then, test, other = parts
        else:
            then, other = parent.child_by_field_name("consequence"), parent.child_by_field_name("alternative")
        value = _constant_truth(code, test)
        if then is not None and child.id == then.id and value is False:
            return f"it is the unused branch of `{code.t(parent)}`"
        if other is not None and child.id == other.id and value is True:
            return f"it is the unused branch of `{code.t(parent)}`"
    elif t in ("boolean_operator", "binary_expression"):
        left, right, op = (parent.child_by_field_name(f) for f in ("left", "right", "operator"))
        if right is None or child.id != right.id or op is None:
            return None
        word, value = code.t(op), _constant_truth(code, left)
        if (word in ("and", "&&") and value is False) or (word in ("or", "||") and value is True):
            return f"`{code.t(parent)}` never evaluates it"
    elif t in _NESTED_FN and parent.id != scope.id and not _called(code, parent, scope):
        return "it is inside a nested function or lambda that is never called"
    return None


def _called(code: Code, fn: Node, scope: Node) -> bool:
    """Is the nested function ``fn`` called (by its name, or the name it is assigned to) in ``scope``?"""
    name = None
    if fn.type == "function_definition":
        name = code.name_of(fn)
    else:
        holder = fn.parent
        if holder is not None and holder.type in ("assignment", "init_declarator"):
            target = holder.child_by_field_name("left") or holder.child_by_field_name("declarator")
            name = code.t(target) if target is not None else None
    if not name:
        return False
    return any(code.callee(c) == name for c in code.calls(scope))


def _first_line(code: Code, node: Node) -> str:
    return code.t(node).splitlines()[0].strip()


def result_dropped(before: tuple[Code, Node], after: tuple[Code, Node]) -> bool:
    """The sink's value was used before the patch and is thrown away after it."""
    return _used(*before) and not _used(*after)


def _used(code: Code, call: Node) -> bool:
    parent = call.parent
    while parent is not None and parent.type in _WRAPPERS:
        parent = parent.parent
    return parent is not None and parent.type != "expression_statement"


def killed_input(
    before: tuple[Code, Node, Node],
    after: tuple[Code, Node, Node],
    needed: frozenset[str],
) -> str | None:
    """A new assignment that always runs before the kept call and gives a name the original call
    worked on a value computed from none of its inputs (``needed``): the call then works on a constant.
    ``before``/``after``: (code, the sink's call, the function) on each side of the patch."""
    code_b, sink, scope_b = before
    code_a, call, scope = after
    if not needed:
        return None
    old = {" ".join(code_b.t(n).split()) for n in code_b.walk(code_b.tree.root_node) if _is_assignment(n)}
    read = _read_closure(code_b, sink, scope_b)  # the names the original call worked on
    for stmt, _ancestor in _statements_before(call, scope):
        for node in _unconditional_assignments(stmt) + _kills_when_set(code_a, stmt):
            if " ".join(code_a.t(node).split()) in old:
                continue
            target, value = _target_value(node)
            if target is None or value is None or code_a.t(target) not in read:
                continue
            later = [
                r
                for r in code_a.assignments(scope).get(code_a.t(target), ())
                if node.end_byte <= r.start_byte < call.start_byte
            ]
            if not later and not (code_a.names_in(value) & (needed | read)):  # not set again before
                return f"`{_first_line(code_a, node)}` (line {node.start_point[0] + 1}) replaces its input"
    return None


def _unconditional_assignments(stmt: Node) -> list[Node]:
    """The assignments a statement always makes (``x = ...``, ``a = b = ...``, ``char *p = ...``)."""
    out = []
    todo = [stmt]
    while todo:
        node = todo.pop()
        if _is_assignment(node):
            out.append(node)
            right = _target_value(node)[1]
            if right is not None and _is_assignment(right):
                todo.append(right)
        elif node.type in ("expression_statement", "declaration"):
            todo.extend(node.named_children)
    return out


def _kills_when_set(code: Code, stmt: Node) -> list[Node]:
    """The assignments an ``if`` without ``else`` makes to the very name its condition only tests for
    being set (``if name:``, ``if (p)``, ``if len(name):``, ``if name is not None:``, ``if name != "":``).
    Past that statement the name holds either the assigned value or an empty one: never the input's
    content. A test of anything else (``if not name.isalnum(): name = "."``) is a default for bad input."""
    if (
        stmt.type != "if_statement"
        or any(c.type in ("else_clause", "elif_clause") for c in stmt.children)
        or stmt.child_by_field_name("alternative") is not None
    ):
        return []
    tested = _set_test(code, stmt.child_by_field_name("condition"))
    body = stmt.child_by_field_name("consequence")
    if tested is None or body is None:
        return []
    stmts = body.named_children if body.type in _BLOCKS else [body]
    out = []
    for inner in stmts:
        for node in _unconditional_assignments(inner):
            target = _target_value(node)[0]
            if target is not None and code.t(target) == tested:
                out.append(node)
    return out


def _set_test(code: Code, cond: Node | None) -> str | None:
    """The name a condition only tests for being set (non-empty, non-null), else None."""
    while cond is not None and cond.type == "parenthesized_expression" and cond.named_children:
        cond = cond.named_children[0]
    if cond is None:
        return None
    if cond.type == "identifier":
        return code.t(cond)
    if cond.type in ("call", "call_expression"):
        fn = cond.child_by_field_name("function")
        args = [a for a in (cond.child_by_field_name("arguments") or cond).named_children]
        if fn is not None and code.t(fn) in ("len", "bool", "strlen") and len(args) == 1:
            return _set_test(code, args[0])
        return None
    if cond.type in ("comparison_operator", "binary_expression") and len(cond.named_children) == 2:
        left, right = cond.named_children
        op = code.t(cond)[left.end_byte - cond.start_byte : right.start_byte - cond.start_byte].strip()
        if op in ("!=", "is not", ">") and _constant_truth(code, right) is False:
            return _set_test(code, left)
    return None


def _is_assignment(node: Node) -> bool:
    return node.type in ("assignment", "assignment_expression", "init_declarator")


def _target_value(node: Node) -> tuple[Node | None, Node | None]:
    if node.type == "init_declarator":
        return node.child_by_field_name("declarator"), node.child_by_field_name("value")
    return node.child_by_field_name("left"), node.child_by_field_name("right")


def _read_closure(code: Code, call: Node, scope: Node) -> set[str]:
    """The names ``call``'s arguments read, followed through the assignments in ``scope``."""
    arglist = call.child_by_field_name("arguments")
    todo = list(code.names_in(arglist)) if arglist is not None else []
    assigned = code.assignments(scope)
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for rhs in assigned.get(name, ()):
            todo.extend(code.names_in(rhs))
    return seen


def side_channel(
    before: tuple[Code, Node, Node], after: tuple[Code, Node, Node], side: frozenset[str]
) -> str | None:
    """An input the sink worked on (in a positional argument) that the kept call only gets through a
    keyword that is not its data (``env=``, ``cwd=``, ``timeout=``). ``before``/``after``: (code, the
    sink's call, the function) on each side of the patch."""
    code_b, sink, scope_b = before
    code_a, call, scope = after
    pos_b, _kw_b = code_b.args(sink)
    pos_a, kw_a = code_a.args(call)
    data_b = frozenset().union(*(code_b.inputs_of(n, scope_b) for n in pos_b))
    data_a = frozenset().union(*(code_a.inputs_of(n, scope) for n in pos_a))
    data_a |= frozenset().union(*(code_a.inputs_of(n, scope) for k, n in kw_a.items() if k not in side))
    for name in sorted(data_b - data_a):
        where = [k for k, n in kw_a.items() if k in side and name in code_a.inputs_of(n, scope)]
        if where:
            return f"{name} only reaches its {where[0]}= argument, not the data it works on"
    return None
