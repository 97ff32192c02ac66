"""Where C text comes from: constants, outside input (readers, environment, parameters), and
workspace functions that pass their parameters to a sink."""

from __future__ import annotations

import re

from tree_sitter import Node

from .c_context import Ctx
from .c_defs import definition_of as definition_of  # noqa: PLC0414 (re-exported: rules import it from here)
from .c_spec import COMMAND_FUNCS, COPY_FUNCS, FORMAT_FUNCS, READ_ONLY_ARGS
from .c_tree import (
    aliases_of,
    call_args,
    callee_of,
    declared_name,
    enclosing_function,
    func_name,
    initialiser_keeps,
    is_param,
    param_names,
    pointer_base,
    strip_expr,
    text,
    walk,
)
from .c_values import CONV, const_string, literal_string
from .values import Note

INPUT_WRITERS = frozenset(
    {"fgets", "gets", "read", "recv", "recvfrom", "fread", "scanf", "fscanf", "getline", "getdelim",
     "fgetws", "getws", "wscanf", "fwscanf", "vscanf", "vfscanf"}
)  # fmt: skip


INPUT_CALLS = frozenset({"getenv", "secure_getenv", "readline"})


def _spelled(ctx: Ctx, found: tuple[str, Node]) -> str:
    """A constant string as the reader finds it: ``"ls "``; a macro defined more than one way
    (``#ifdef``), each value: ``"dir " or "ls "``."""
    value, node = found
    if node.type == "identifier" and ctx.ambiguous(text(node)):
        values = sorted(
            {v for v in (literal_string(x) for x in ctx.macro_values(text(node))) if v is not None}
        )
        if len(values) > 1:
            return " or ".join(f'"{v[:40]}"' for v in values)
    return f'"{value[:40]}"'


def clean_text(ctx: Ctx, expr: Node, func: Node | None, depth: int = 0) -> tuple[bool | None, Note | None]:
    """Whether a C string expression can hold attacker text: True (no), False (yes), None (unknown)."""
    e = strip_expr(expr)
    if depth > 5:
        return None, None
    found = const_string(ctx, e, func)
    if found is not None:
        return True, ctx.note(found[1], f"constant {_spelled(ctx, found)}", "constant")
    if e.type == "conditional_expression":
        a, b = e.child_by_field_name("consequence"), e.child_by_field_name("alternative")
        ra = clean_text(ctx, a, func, depth + 1) if a is not None else (None, None)
        rb = clean_text(ctx, b, func, depth + 1) if b is not None else (None, None)
        if ra[0] is False or rb[0] is False:
            return False, ra[1] if ra[0] is False else rb[1]
        if ra[0] and rb[0]:
            return True, ra[1]
        return None, None
    if e.type == "subscript_expression":
        arr = e.child_by_field_name("argument")
        if (
            arr is not None
            and strip_expr(arr).type == "identifier"
            and const_array(ctx, strip_expr(arr), func)
        ):
            return True, ctx.note(e, f"`{text(arr)}` holds only literals", "constant")
        return None, None
    if e.type == "call_expression":
        if callee_of(e) in INPUT_CALLS:
            return False, ctx.note(e, f"{callee_of(e)}() returns outside input", "source")
        return None, None
    if e.type != "identifier" or func is None:
        return None, None
    name = text(e)
    macro = ctx.macro(name)
    if macro is not None:
        # a macro standing for a variable (``#define COMMAND_ARG3 data``): judge that variable
        target = macro.strip().strip("()").strip()
        if re.fullmatch(r"[A-Za-z_]\w*", target) and target != name and depth < 5:
            return (
                clean_text(ctx, _ident_in(func, target) or e, func, depth + 1)
                if _ident_in(func, target)
                else (None, None)
            )
        return None, None
    if is_param(func, name):
        passed = _passed_text(ctx, e, func, depth)
        if passed is not None:
            return passed
        return False, ctx.note(e, f"`{name}` is a parameter of {func_name(func)}()", "source")
    verdicts: list[tuple[bool | None, Note | None]] = []
    # a call may write the text through any pointer that points into the same buffer (`p = buf;
    # strcat(p, input)` changes what `buf` holds)
    names = aliases_of(func, name)
    if _written_unseen(ctx, func, names):
        return None, None
    for n in walk(func):
        if n.type == "init_declarator" and declared_name(n.child_by_field_name("declarator")) == name:
            value = n.child_by_field_name("value")
            if value is not None:
                verdicts.append(clean_text(ctx, value, func, depth + 1))
        elif n.type == "assignment_expression" and text(n.child_by_field_name("left")) == name:
            right = n.child_by_field_name("right")
            if right is not None and _hands_back(ctx, right, name):
                continue  # x = f(x), f returning x as given: what f writes into it is judged as a call
            verdicts.append(clean_text(ctx, right, func, depth + 1) if right is not None else (None, None))
        elif n.type == "call_expression":
            for alias in sorted({pointer_base(a) for a in call_args(n)} & names):
                if not _only_reads(n, alias):
                    verdicts.append(written_by(ctx, n, alias, func, depth))
    if not verdicts:
        return None, None
    if any(v is False for v, _ in verdicts):
        return False, next(note for v, note in verdicts if v is False)
    if all(v is True for v, _ in verdicts):
        return True, next((note for _, note in verdicts if note is not None), None)
    return None, None


def _written_unseen(ctx: Ctx, func: Node, names: set[str]) -> bool:
    """The buffer of ``names`` may be written where the parsed text does not show it: a macro used in
    ``func`` names it (``#define ADD(x) strcat(cmd, (x))``; one that only renames it,
    ``#define ARG cmd``, is another name of it, followed as such), or an initialiser list keeps a
    pointer into it (``struct s v = { cmd };`` then ``strcat(v.p, ...)``)."""
    from .c_macro_text import alias_macros, macro_naming

    for m in alias_macros(ctx, func, names):
        names |= aliases_of(func, m)
    return macro_naming(ctx, func, names) is not None or any(initialiser_keeps(n, names) for n in walk(func))


def _passed_text(ctx: Ctx, e: Node, func: Node, depth: int) -> tuple[bool | None, Note | None] | None:
    """A parameter of a function only its own file can call (static, its address never taken) that
    keeps its value, with nothing before ``e`` writing through anything but the function's own
    arrays: clean when every call passes clean text (None when its calls are not all visible)."""
    from .c_callers import entry_arguments, local_objects, quiet_until

    passed = entry_arguments(ctx, func, text(e))
    if passed is None or not quiet_until(ctx, func, e, local_objects(func)):
        return None
    first: Note | None = None
    for arg, call in passed:
        ok, note = clean_text(ctx.unbound(), arg, enclosing_function(call), depth + 1)
        if ok is not True:
            return ok, note
        first = first or ctx.note(
            call, f"`{text(e)}` is passed `{text(arg)}` here, text without input", "constant"
        )
    return True, first


def _only_reads_in(ctx: Ctx, call: Node, pos: int) -> bool:
    """``call`` is of a workspace function that keeps its parameter ``pos`` and writes memory only
    through its own arrays: it reads what it is handed there, and writes nothing into it."""
    from .c_callers import keeps_value, local_objects, quiet_between

    found = definition_of(ctx, call)
    if found is None:
        return False
    octx, fdef = found
    params = param_names(fdef)
    return (
        pos < len(params)
        and keeps_value(fdef, params[pos])
        and quiet_between(octx, fdef, (fdef.start_byte, fdef.end_byte), local_objects(fdef))
    )


def _ident_in(func: Node, name: str) -> Node | None:
    """A use of ``name`` in ``func`` (to judge a macro's variable in the function's own scope)."""
    return next((n for n in walk(func) if n.type == "identifier" and text(n) == name), None)


def _only_reads(call: Node, name: str) -> bool:
    """``call`` receives ``name`` only where it reads it (so it says nothing of its content)."""
    callee = callee_of(call)
    for i, a in enumerate(call_args(call)):
        if pointer_base(a) != name:
            continue
        if callee in COPY_FUNCS and COPY_FUNCS[callee][0] == i:
            return False
        if not (
            callee in READ_ONLY_ARGS
            or (callee in FORMAT_FUNCS and i >= FORMAT_FUNCS[callee] and callee not in _SCANS)
            or callee in COMMAND_FUNCS
        ):
            return False
    return True


_SCANS = frozenset({"scanf", "fscanf", "sscanf", "vscanf", "vfscanf", "vsscanf"})


def written_by(ctx: Ctx, call: Node, name: str, func: Node, depth: int) -> tuple[bool | None, Note | None]:
    """What ``call`` writes into ``name`` when it is passed as an argument."""
    callee = callee_of(call)
    args = call_args(call)
    pos = next(i for i, a in enumerate(args) if pointer_base(a) == name)
    if (
        callee in READ_ONLY_ARGS
        or (callee in FORMAT_FUNCS and pos >= FORMAT_FUNCS[callee])
        or callee in COMMAND_FUNCS
    ) and not (callee in COPY_FUNCS and COPY_FUNCS[callee][0] == pos):
        return True, None  # only read
    if callee in INPUT_WRITERS:
        return False, ctx.note(call, f"{callee}() reads outside input into `{name}`", "source")
    if callee in {"snprintf", "sprintf"} and pos == 0:
        fmt_i = FORMAT_FUNCS[callee]
        fmt = const_string(ctx, args[fmt_i], func) if fmt_i < len(args) else None
        if fmt is None:
            return None, None
        values = args[fmt_i + 1 :]
        convs = [m for m in CONV.finditer(fmt[0]) if m.group(6) != "%"]
        for i, m in enumerate(convs):
            if m.group(6) != "s":
                continue  # numbers and characters cannot carry a command
            if i >= len(values):
                return None, None
            ok, note = clean_text(ctx, values[i], func, depth + 1)
            if ok is not True:
                return ok, note
        return True, ctx.note(
            call, f'`{name}` is formatted from "{fmt[0][:40]}" with numbers or constants', "constant"
        )
    if (
        callee in {"strcpy", "strncpy", "strcat", "strncat", "memcpy", "stpcpy", "strlcpy", "strlcat"}
        and pos == 0
    ) and len(args) > 1:
        return clean_text(ctx, args[1], func, depth + 1)
    if callee == "memset" and pos == 0:
        return True, None
    if _only_reads_in(ctx, call, pos):
        return True, None  # a workspace function that only reads it
    return _written_inside(ctx, call, pos, depth)


def _hands_back(ctx: Ctx, value: Node, name: str) -> bool:
    from .c_objects import returned_param

    v = strip_expr(value)
    if v.type != "call_expression":
        return False
    same = returned_param(ctx, v)
    return same is not None and text(strip_expr(call_args(v)[same])) == name


def _written_inside(ctx: Ctx, call: Node, pos: int, depth: int) -> tuple[bool | None, Note | None]:
    """A workspace function handed the text at ``pos``, that keeps that parameter and writes memory
    only through it and its own arrays: clean when everything it writes there is clean."""
    from .c_callers import keeps_value, local_objects, quiet_between
    from .c_tree import aliases_of

    found = definition_of(ctx, call) if depth < 4 else None
    if found is None:
        return None, None
    octx, fdef = found
    params = param_names(fdef)
    if pos >= len(params) or not keeps_value(fdef, params[pos]):
        return None, None
    p = params[pos]
    through = aliases_of(fdef, p)
    if not quiet_between(octx, fdef, (fdef.start_byte, fdef.end_byte), through | local_objects(fdef)):
        return None, None
    first: Note | None = None
    for n in walk(fdef):
        if n.type == "assignment_expression":
            left = strip_expr(n.child_by_field_name("left") or n)
            if left.type in {"subscript_expression", "pointer_expression"} and pointer_base(left) in through:
                return None, None  # an element written: what goes there is not followed
        if n.type != "call_expression" or not any(pointer_base(a) in through for a in call_args(n)):
            continue
        if _only_reads(n, pointer_base(next(a for a in call_args(n) if pointer_base(a) in through))):
            continue
        ok, note = written_by(
            octx,
            n,
            pointer_base(next(a for a in call_args(n) if pointer_base(a) in through)),
            fdef,
            depth + 1,
        )
        if ok is not True:
            return ok, note
        first = first or note
    return True, first


def const_array(ctx: Ctx, ident: Node, func: Node | None) -> bool:
    """``char *argv[] = {"ls", "-l", NULL}`` never written afterwards."""
    name = text(ident)
    init: Node | None = None
    local = func is not None and any(
        n.type == "init_declarator" and declared_name(n.child_by_field_name("declarator")) == name
        for n in walk(func)
    )
    scope = func if local and func is not None else ctx.parsed.tree.root_node
    for n in walk(scope):
        if n.type == "init_declarator" and declared_name(n.child_by_field_name("declarator")) == name:
            init = n.child_by_field_name("value")
        if n.type == "assignment_expression":
            left = n.child_by_field_name("left")
            if left is not None and (text(left) == name or text(left).startswith(name + "[")):
                return False
    if init is None or init.type != "initializer_list":
        return False
    for item in init.named_children:
        i = strip_expr(item)
        if i.type in {"null"} or text(i) in {"NULL", "0"}:
            continue
        if const_string(ctx, i, func) is None:
            return False
    return True


def wrapped_params(
    ctx: Ctx, call: Node, table: dict[str, int] | dict[str, tuple[int, ...]]
) -> tuple[list[int], Ctx, Node] | None:
    """Parameters of a workspace function that it passes to a sink of ``table`` (format/command)."""
    found = definition_of(ctx, call)
    if found is None:
        return None
    octx, func = found
    params = param_names(func)
    out: list[int] = []
    for inner in walk(func):
        if inner.type != "call_expression" or callee_of(inner) not in table:
            continue
        spec = table[callee_of(inner)]
        idxs = (spec,) if isinstance(spec, int) else (spec or tuple(range(len(call_args(inner)))))
        iargs = call_args(inner)
        for i in idxs:
            if i < len(iargs) and text(strip_expr(iargs[i])) in params:
                out.append(params.index(text(strip_expr(iargs[i]))))
    return (sorted(set(out)), octx, func) if out else None
