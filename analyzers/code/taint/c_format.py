"""CWE-134: a printf-like call (or a wrapper of one) whose format is always a string literal."""

from __future__ import annotations

from tree_sitter import Node

from .c_conditions import all_dead, split_live
from .c_context import Ctx, review
from .c_literals import literal_contents
from .c_provenance import wrapped_params
from .c_spec import FORMAT_FUNCS
from .c_tree import call_args, enclosing_function, line_of, on_lines, strip_expr, text
from .c_values import const_string, const_string_choices
from .outcome import Outcome
from .values import Note


def judge_format(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
    calls = on_lines(root, lo, hi, {"call_expression"})
    sites: list[tuple[Node, Node, str]] = []  # (call, format argument, what)
    for call in calls:
        name = ctx.callee(call)
        args = call_args(call)
        if name in FORMAT_FUNCS:
            idx = FORMAT_FUNCS[name]
            if idx < len(args):
                sites.append((call, args[idx], f"{name}()"))
            continue
        wrapped = wrapped_params(ctx, call, FORMAT_FUNCS) if name else None
        if wrapped is not None:
            for i in wrapped[0]:
                if i < len(args):
                    sites.append((call, args[i], f"{name}() (passes its format to a printf-like call)"))
    if not sites:
        return review("printf-like call", ctx.path, lo)
    live, dead = split_live(ctx, [c for c, _, _ in sites])
    if not live:
        return all_dead(ctx, [c for c, _, _ in sites], dead)
    notes: list[Note] = []
    by_callers = False
    for call, fmt, what in sites:
        if call not in live:
            continue
        sink = ctx.note(call, f"format argument of {what}", "sink")
        found = const_string(ctx, fmt, enclosing_function(call))
        held = literal_contents(ctx, fmt, enclosing_function(call)) if found is None else None
        if held is not None and not any("%" in s for s, _ in held):
            notes.append(sink)
            shown = ", ".join(f'"{s[:30]}"' for s, _ in held[:3])
            notes.append(
                ctx.note(held[0][1], f"`{text(fmt)}` only ever holds the literals {shown}", "constant")
            )
            continue
        passed = _passed_constants(ctx, fmt, enclosing_function(call), call, 0) if found is None else None
        if passed is not None:
            notes.append(sink)
            notes.extend(passed)
            by_callers = True
            continue
        if found is None:
            return Outcome(
                "TRUE_POSITIVE",
                0.8,
                "format string is not a constant",
                f"The format argument of {what} at line {line_of(call)} (`{text(fmt)}`) "
                "is not a string literal, "
                "so its content may come from outside.",
                [sink, ctx.note(fmt, f"format `{text(fmt)}` is not a literal", "source")],
            )
        notes.append(sink)
        choices = const_string_choices(ctx, fmt, enclosing_function(call)) or [found[0]]
        if len(choices) > 1:
            shown = " or ".join(f'"{c[:30]}"' for c in choices[:3]) + (
                " or others" if len(choices) > 3 else ""
            )
            notes.append(ctx.note(found[1], f"format is one of the literals {shown}", "constant"))
        else:
            notes.append(ctx.note(found[1], f'format is the constant "{choices[0][:40]}"', "constant"))
    if by_callers:
        return Outcome(
            "FALSE_POSITIVE",
            0.85,
            "constant format string",
            "Every format string on the line is a string literal, a buffer that only ever holds literals "
            "without conversions, or a parameter of a function that only this file can call (static, its "
            "address never taken) whose every call passes one of those; no input can add conversions.",
            notes,
        )
    return Outcome(
        "FALSE_POSITIVE",
        0.9,
        "constant format string",
        "Every format string on the line is a string literal (or a buffer that only ever holds "
        "literals without conversions); no input can add conversions.",
        notes,
    )


MAX_CALLER_DEPTH = 3


def _passed_constants(ctx: Ctx, fmt: Node, func: Node | None, at: Node, depth: int) -> list[Note] | None:
    """``fmt`` is a parameter of a function whose calls are all visible (``static``, its address never
    taken) and that nothing writes through before ``at``; every call passes a literal, a buffer
    that only holds literals without conversions, or (in turn) such a parameter of its own function."""
    from .c_callers import entry_arguments, local_objects, quiet_between, quiet_until

    e = strip_expr(fmt)
    if func is None or e.type != "identifier" or depth > MAX_CALLER_DEPTH:
        return None
    passed = entry_arguments(ctx, func, text(e))
    own = local_objects(func)
    trusted = frozenset({text(e)})
    if passed is None or not quiet_until(ctx, func, at, own, trusted=trusted):
        return None
    # a function that writes through no pointer but its own arrays only reads what it is handed
    reads = (
        frozenset(c.id for _a, c in passed)
        if quiet_between(ctx, func, (func.start_byte, func.end_byte), own, trusted=trusted)
        else frozenset()
    )
    notes: list[Note] = []
    for arg, call in passed:
        caller = enclosing_function(call)
        other = ctx.unbound()
        found = const_string(other, arg, caller)
        if found is not None:
            notes.append(
                ctx.note(call, f'`{text(e)}` is passed the constant "{found[0][:40]}" here', "constant")
            )
            continue
        held = literal_contents(other, arg, caller, reads)
        if held is not None and not any("%" in s for s, _ in held):
            shown = ", ".join(f'"{s[:30]}"' for s, _ in held[:3])
            notes.append(
                ctx.note(call, f"`{text(arg)}` passed here only ever holds the literals {shown}", "constant")
            )
            continue
        deeper = _passed_constants(other, arg, caller, call, depth + 1)
        if deeper is None:
            return None
        notes.extend(deeper)
    return notes


def only_reads(ctx: Ctx, call: Node) -> bool:
    """``call`` is of a workspace function that writes memory only through its own arrays: no
    store through a pointer it was handed, and its printf-like calls cannot store through ``%n``
    (their formats are literals without it, or parameters that every call of the function, which
    only its own file can call, passes a literal without conversions)."""
    from .c_callers import hands_back, local_objects, quiet_between
    from .c_provenance import definition_of
    from .c_tree import param_names, walk

    found = definition_of(ctx, call)
    if found is None:
        return False
    octx, fdef = found
    if hands_back(octx, fdef):
        return False  # what it was handed comes back under another name
    params = set(param_names(fdef))
    trusted: set[str] = set()
    for n in walk(fdef):
        name = octx.callee(n) if n.type == "call_expression" else ""
        if name not in FORMAT_FUNCS:
            continue
        args = call_args(n)
        fi = FORMAT_FUNCS[name]
        fmt = strip_expr(args[fi]) if fi < len(args) else None
        if fmt is not None and text(fmt) in params and _passed_constants(octx, fmt, fdef, n, 0) is not None:
            trusted.add(text(fmt))
    return quiet_between(
        octx, fdef, (fdef.start_byte, fdef.end_byte), local_objects(fdef), trusted=frozenset(trusted)
    )
