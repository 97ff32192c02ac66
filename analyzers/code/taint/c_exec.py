"""exec*() of a fixed program, without a shell (CWE-78): the argument words reach the program as they
are, with no shell to split them or read metacharacters. A word from input can still be read as an
option (``-o file``) or, for a program that runs its arguments (a shell, ``find -exec``, ``env``:
``c_spec.COMMAND_RUNNERS``), as a command; so the call is safe only when the program is a literal
not among those, and each word that is not a literal either follows a literal ``--`` or is checked
not to start with ``-`` on the way to the call."""

from __future__ import annotations

from tree_sitter import Node

from .c_conditions import atoms, holding_conditions
from .c_context import Ctx
from .c_spec import COMMAND_RUNNERS, EXEC_WORDS
from .c_tree import call_args, callee_of, declared_name, plain_definitions, squash, strip_expr, text, walk
from .c_values import const_string
from .values import Note


def fixed_program(ctx: Ctx, call: Node, func: Node | None) -> tuple[str, list[Note]] | None:
    """The program and notes proving the exec call runs it fixed, with words that cannot become
    options or commands; None when that is not shown."""
    name = callee_of(call)
    if name not in EXEC_WORDS:
        return None
    args = call_args(call)
    program = const_string(ctx, args[0], func) if args else None
    if program is None:
        return None
    base = program[0].rsplit("/", 1)[-1]
    if not base or base in COMMAND_RUNNERS or base.startswith(("python", "perl", "ruby", "php")):
        return None
    kind, at = EXEC_WORDS[name]
    words = _array_words(ctx, args[at], func) if kind == "array" and at < len(args) else args[at:]
    if words is None:
        return None
    notes = [ctx.note(args[0], f"runs the fixed program `{program[0]}`, without a shell", "constant")]
    after_dashes = False
    for i, w in enumerate(words):
        e = strip_expr(w)
        if e.type == "null" or text(e) in {"NULL", "0", "(char *)NULL", "(char*)0"}:
            break
        lit = const_string(ctx, e, func)
        if lit is not None:
            after_dashes = after_dashes or (i > 0 and lit[0] == "--")
            continue
        if i == 0:
            continue  # the program's own name for itself
        if after_dashes:
            notes.append(
                ctx.note(w, f"`{text(w)}` follows `--`: the program reads it as an operand", "guard")
            )
            continue
        check = _no_leading_dash(w, call, func)
        if check is None:
            return None
        notes.append(ctx.note(check, f"`{text(w)}` is checked not to start with `-`", "guard"))
    return program[0], notes


def _array_words(ctx: Ctx, arr: Node, func: Node | None) -> list[Node] | None:
    """The initialiser of a local word array never stored into afterwards."""
    a = strip_expr(arr)
    if func is None or a.type != "identifier":
        return None
    name = text(a)
    init: Node | None = None
    for n in walk(func):
        if n.type == "init_declarator" and declared_name(n.child_by_field_name("declarator")) == name:
            init = n.child_by_field_name("value")
        elif n.type == "assignment_expression":
            left = strip_expr(n.child_by_field_name("left") or n)
            while left.type == "subscript_expression":
                left = strip_expr(left.child_by_field_name("argument") or left)
            if text(left) == name:
                return None
        elif n.type == "pointer_expression" and squash(text(n.child_by_field_name("argument") or n)) == name:
            return None
    if init is None or init.type != "initializer_list":
        return None
    return list(init.named_children)


def _no_leading_dash(word: Node, call: Node, func: Node | None) -> Node | None:
    """A condition holding at ``call`` that the string ``word`` (a variable assigned nowhere after
    the word list took it) does not start with ``-``: ``w[0] != '-'``, ``*w != '-'``, or ``if (w[0]
    == '-') return;`` before it."""
    e = strip_expr(word)
    if func is None or e.type != "identifier":
        return None
    defs = plain_definitions(func, text(e))
    if defs is None or any(d.end_byte > word.start_byte for d, _v in defs):
        return None  # changed after the word list took its value
    w = text(e)
    firsts = {f"{w}[0]", f"*{w}", f"*({w})"}
    for cond, truth, _where in holding_conditions(call):
        for atom, t in atoms(cond, truth):
            if atom.type != "binary_expression":
                continue
            op = text(atom.child_by_field_name("operator"))
            left, right = atom.child_by_field_name("left"), atom.child_by_field_name("right")
            if left is None or right is None or op not in {"==", "!="}:
                continue
            sides = {squash(text(strip_expr(left))), squash(text(strip_expr(right)))}
            if sides & firsts and "'-'" in sides and (op == "!=") == t:
                return cond
    return None
