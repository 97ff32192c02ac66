"""CWE-195/196: a signed value converted to an unsigned one (cppcheck's ``signConversion``:
"Expression 'n' can have a negative value. That is converted to an unsigned value").

A negative ``int`` converted to ``size_t`` becomes huge (``malloc(n * sizeof(int))`` with ``n == -1``
asks for about 2^64 bytes; ``memcpy(d, s, n)`` copies that much). The finding is settled by the value
the expression can have where it is converted:

- never negative (FALSE_POSITIVE): a constant that is not negative, an unsigned variable, a
  dominating check that it is at least 0, or a local whose every definition that may reach the
  point is such a value;
- negative on some path (TRUE_POSITIVE): a negative constant that may reach the point, or a number
  parsed from text (``atoi``, ``strtol``, ``scanf("%d", &n)``) with no check that it is not negative;
- a parameter of a function only its own file can call (``static``, its address never taken) has
  what every call passes;
- anything else (a parameter of other functions, a value computed from unknown operands) asks for
  review.
"""

from __future__ import annotations

import re

from tree_sitter import Node

from .c_conditions import all_dead, split_live
from .c_context import Ctx, review
from .c_overflow import interval
from .c_reaching import address_call, plain_value, reaching
from .c_spec import NUMBER_PARSERS, SCAN_FUNCS
from .c_tree import callee_of, enclosing_function, line_of, on_lines, param_names, squash, strip_expr, text
from .c_values import UNSIGNED, const_int, declared_type
from .outcome import Outcome
from .values import Note

_NAMED = re.compile(r"Expression '([^']+)'")
MAX_DEPTH = 4


def judge_sign(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
    m = _NAMED.search(ctx.finding.message or "")
    if m is None:
        return review("signed expression", ctx.path, lo)
    want = squash(m.group(1))
    uses = [
        n
        for n in on_lines(
            root, lo, hi, {"identifier", "binary_expression", "call_expression", "field_expression"}
        )
        if squash(text(n)) == want
    ]
    if not uses:
        return review(f"use of `{m.group(1)}`", ctx.path, lo)
    live, dead = split_live(ctx, uses)
    if not live:
        return all_dead(ctx, uses, dead)
    notes: list[Note] = []
    unknown: str | None = None
    for use in live:
        got = sign_of(ctx, use, use, enclosing_function(use), 0)
        if got[0] == "negative":
            return Outcome(
                "TRUE_POSITIVE",
                0.75,
                "negative value converted to unsigned",
                f"`{text(use)}` at line {line_of(use)} may be negative: {got[2]}; converted to an unsigned "
                "type it becomes a huge value.",
                [ctx.note(use, f"`{text(use)}` is converted to an unsigned type", "sink"), *got[1]],
            )
        if got[0] == "unknown":
            unknown = unknown or got[2]
            continue
        notes.append(ctx.note(use, f"`{text(use)}` is converted to an unsigned type", "sink"))
        notes.extend(got[1])
    if unknown is not None:
        return Outcome(
            "NEEDS_REVIEW",
            0.4,
            "sign not known",
            f"Whether `{m.group(1)}` can be negative at line {lo} is not shown: {unknown}.",
            notes,
        )
    return Outcome(
        "FALSE_POSITIVE",
        0.8,
        "never negative",
        f"`{m.group(1)}` cannot be negative where it is converted to an unsigned type (line {lo}): "
        "every value that reaches it is a constant that is not negative, an unsigned value or one "
        "checked to be at least 0.",
        notes,
    )


Sign = tuple[str, list[Note], str]


def sign_of(ctx: Ctx, expr: Node, at: Node, func: Node | None, depth: int) -> Sign:
    """("nonnegative" | "negative" | "unknown", evidence, why) of ``expr`` when ``at`` runs."""
    e = strip_expr(expr)
    v = const_int(ctx, e, func)
    if v is not None:
        if v < 0:
            return "negative", [ctx.note(e, f"`{text(e)}` is {v}", "constant")], f"it is the constant {v}"
        return "nonnegative", [ctx.note(e, f"`{text(e)}` is {v}", "constant")], ""
    if func is None or depth > MAX_DEPTH:
        return "unknown", [], "its value is not followed"
    if e.type == "identifier":
        declared = declared_type(text(e), func, ctx.parsed.tree.root_node) or ""
        if UNSIGNED.search(declared):
            return "nonnegative", [ctx.note(e, f"`{text(e)}` is {declared}", "guard")], ""
        low, _high = interval(ctx, e, at, func)
        if low is not None and low >= 0:
            return (
                "nonnegative",
                [ctx.note(at, f"`{text(e)}` is checked to be at least {low} here", "guard")],
                "",
            )
        return _from_definitions(ctx, e, at, func, depth)
    if e.type == "call_expression" and callee_of(e) in {"strlen", "wcslen", "strnlen", "wcsnlen"}:
        return "nonnegative", [ctx.note(e, f"{callee_of(e)}() returns a size", "guard")], ""
    if e.type == "sizeof_expression":
        return "nonnegative", [ctx.note(e, "a size", "guard")], ""
    return "unknown", [], f"`{text(e)}` is computed from values not followed"


def _from_callers(ctx: Ctx, e: Node, func: Node, depth: int) -> Sign:
    """A parameter that keeps its value: what every visible call of the function passes."""
    from .c_callers import entry_arguments

    passed = entry_arguments(ctx, func, text(e))
    if passed is None:
        return "unknown", [], f"`{text(e)}` is a parameter whose callers are not all visible"
    notes: list[Note] = []
    for arg, call in passed:
        got = sign_of(ctx.unbound(), arg, call, enclosing_function(call), depth + 1)
        if got[0] != "nonnegative":
            return (
                got[0],
                [ctx.note(call, f"`{text(e)}` is passed `{text(arg)}` here", "source"), *got[1]],
                got[2],
            )
        notes.append(ctx.note(call, f"`{text(e)}` is passed `{text(arg)}` here, never negative", "constant"))
    return "nonnegative", notes, ""


def _from_definitions(ctx: Ctx, e: Node, at: Node, func: Node, depth: int) -> Sign:
    name = text(e)
    if name in param_names(func):
        return _from_callers(ctx, e, func, depth)
    defs = reaching(ctx, name, at, func)
    if not defs:
        return "unknown", [], f"where `{name}` gets its value is not followed"
    notes: list[Note] = []
    unknown = ""
    for d in defs:
        call = address_call(d)
        if call is not None and ctx.callee(call) in SCAN_FUNCS:
            why = (
                f"{ctx.callee(call)}() at line {line_of(call)} reads it from input, and no check keeps it "
                "at least 0"
            )
            return "negative", [ctx.note(call, f"`{name}` is read by {ctx.callee(call)}()", "source")], why
        value = plain_value(d)
        if value is None:
            unknown = unknown or f"line {line_of(d.node)} changes `{name}` in a way not followed"
            continue
        if value.type == "call_expression" and ctx.callee(value) in NUMBER_PARSERS:
            why = (
                f"{ctx.callee(value)}() at line {line_of(value)} parses it from text, and no check keeps it "
                "at least 0"
            )
            return (
                "negative",
                [ctx.note(value, f"`{name}` is parsed by {ctx.callee(value)}()", "source")],
                why,
            )
        got = sign_of(ctx, value, d.node, func, depth + 1)
        if got[0] == "negative":
            why = (
                f"line {line_of(d.node)} may leave it {text(value)}" if got[2].startswith("it is") else got[2]
            )
            return (
                "negative",
                [ctx.note(d.node, f"`{name}` may be {text(value)} here", "source"), *got[1]],
                why,
            )
        if got[0] == "unknown":
            unknown = unknown or got[2]
            continue
        notes.append(ctx.note(d.node, f"`{name}` is set to `{text(value)}`, never negative", "constant"))
        notes.extend(got[1][1:])
    if unknown:
        return "unknown", notes, unknown
    return "nonnegative", notes, ""
