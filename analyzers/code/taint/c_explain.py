"""The justification of a C verdict, said with the facts that decided it.

The rules prove a verdict with evidence notes (the access, and the facts that bound or excuse it);
their own sentence is often the general claim ("every write on the line is bounded by the size of its
destination"). :func:`explain` rewrites the justification of such an outcome from its evidence, so a
person reads which call or access, on which line, bounded by what -- and, where a fact needs one more
word to be checked (which write terminated a string, which branch never runs and why), adds it from
the code. The verdict, the reason and the evidence are left as they are; outcomes whose sentence is
already specific pass through unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tree_sitter import Node

from .c_context import Ctx
from .c_states import pruned_by
from .c_terminated import terminating_write
from .c_tree import call_args, declared_name, enclosing_function, on_lines, text
from .c_words import Group, called, clause, clauses, facts_text, groups, needs, sentence
from .outcome import Outcome
from .values import Note

_READ_GUARD = re.compile(r"^`(?P<arg>[^`]+)` holds a string terminated inside its object$")
_NULL_STATES = re.compile(
    r"^on every path the code allows to line (?P<line>\d+), `(?P<var>[^`]+)` was last given"
)
_LENGTHS = frozenset({"strlen", "wcslen"})


def explain(ctx: Ctx, root: Node, outcome: Outcome) -> Outcome:
    """``outcome`` with a justification built from its evidence (the same outcome when its reason has
    no composer, when it is not a FALSE_POSITIVE, or when the evidence says nothing more)."""
    if outcome.verdict != "FALSE_POSITIVE" or not outcome.evidence:
        return outcome
    compose = _COMPOSERS.get(outcome.reason)
    if compose is None:
        return outcome
    said = compose(ctx, root, outcome)
    if not said:
        return outcome
    return Outcome(outcome.verdict, outcome.confidence, outcome.reason, said, outcome.evidence)


def _writes(ctx: Ctx, root: Node, outcome: Outcome) -> str:
    """``At line 58, strncat() writes into `p+n`: <what bounds it>; <what bounds that> (line 54).``"""
    said = clauses(groups(outcome.evidence))
    if "every number read there" in outcome.justification:
        said += " Every number read there is bounded by a check wherever it is used."
    return said


def _string_reads(ctx: Ctx, root: Node, outcome: Outcome) -> str:
    """``strlen() at line 54 reads `data`, which the initialiser of `dataBuffer` at line 49
    terminated inside its object; the length bounds strncat() at line 58 (into `p`), inside its object.``"""
    parts: list[str] = []
    bounded: list[str] = []
    writes: list[Group] = []
    for g in groups(outcome.evidence):
        read = next((f for f in g.facts if _READ_GUARD.match(f.why)), None) if not g.sinks else None
        if read is not None:
            parts.append(_read_clause(ctx, root, read))
            rest = Group(facts=[f for f in g.facts if f is not read])
            if rest.facts:
                parts.append(facts_text(rest))
        elif g.sinks and not g.facts:
            bounded.extend(f"{s.why} at line {s.start_line}" for s in g.sinks)
        else:
            writes.append(g)
    said = "; ".join(parts)
    if bounded:
        uses = ", ".join(bounded[:3]) + (f" and {len(bounded) - 3} more" if len(bounded) > 3 else "")
        extra = f"every copy or access that length bounds stays inside its object ({uses})"
        said = f"{said}; {extra}" if said else extra
    out = sentence(said) if said else ""
    if writes:
        out = f"{out} {clauses(writes)}".strip()
    return out


def _read_clause(ctx: Ctx, root: Node, read: Note) -> str:
    arg = _READ_GUARD.match(read.why).group("arg")  # type: ignore[union-attr]
    call = next(
        (
            c
            for c in on_lines(root, read.start_line, read.end_line, {"call_expression"})
            if ctx.callee(c) in _LENGTHS and call_args(c) and text(call_args(c)[0]) == arg
        ),
        None,
    )
    if call is None:
        return f"at line {read.start_line}, `{arg}` holds a string terminated inside its object"
    head = f"at line {read.start_line}, {ctx.callee(call)}() reads `{arg}`"
    write = terminating_write(ctx, call)
    if write is None:
        return f"{head}, a string terminated inside its object"
    return f"{head}, a string that {_write_name(ctx, write)} terminated inside its object"


def _write_name(ctx: Ctx, write: Node) -> str:
    line = write.start_point[0] + 1
    if write.type == "init_declarator":
        name = declared_name(write.child_by_field_name("declarator"))
        return f"the initialiser of `{name}` at line {line}"
    if write.type == "call_expression":
        return f"{called(ctx, write)} at line {line}"
    return f"`{text(write)}` at line {line}"


def _null(ctx: Ctx, root: Node, outcome: Outcome) -> str:
    """``At line 70: `data` ... not NULL ...; `dest` is an array (never NULL).``, with the branch that
    never runs when the pointer's NULL paths all pass one."""
    by_line: dict[int, list[str]] = {}
    for g in groups(outcome.evidence):
        for f in g.facts:
            why = f.why
            m = _NULL_STATES.match(why)
            if m is not None:
                why += _null_pruned(ctx, root, m.group("var"), int(m.group("line")))
            said = why if f.start_line == g.line else f"{why} (line {f.start_line})"
            if said not in by_line.setdefault(g.line, []):
                by_line[g.line].append(said)
    return " ".join(sentence(f"at line {line}: " + "; ".join(facts)) for line, facts in by_line.items())


def _null_pruned(ctx: Ctx, root: Node, var: str, line: int) -> str:
    target = next((n for n in on_lines(root, line, line, {"identifier"}) if text(n) == var), None)
    if target is None:
        return ""
    conds = pruned_by(ctx, var, target, frozenset({"null", "uninit", "undecided"}))
    if not conds:
        return ""
    return "; " + needs(ctx, "a path on which it is NULL", conds, enclosing_function(target))


def _formats(ctx: Ctx, root: Node, outcome: Outcome) -> str:
    """``At line 112, the format argument of fwprintf(): `data` only ever holds the literals ...``"""
    gs = groups(outcome.evidence)
    body = " ".join(
        sentence(clause(g).replace(", format argument", ", the format argument", 1)) for g in gs[:3]
    )
    return f"{body} No input can add conversions." if body else ""


def _commands(ctx: Ctx, root: Node, outcome: Outcome) -> str:
    """``At line 74, execlp() runs a command built only from literals and numbers, among them "sh", "-c",
    "ls " (line 68).``"""
    out: list[str] = []
    for g in groups(outcome.evidence)[:3]:
        values: list[str] = []
        other: list[Note] = []
        for f in g.facts:
            if f.why.startswith("constant "):
                v = f.why[len("constant ") :] + (f" (line {f.start_line})" if f.start_line != g.line else "")
                if v not in values:
                    values.append(v)
            else:
                other.append(f)
        head = clause(Group(sinks=g.sinks))
        said = head + (
            " built only from literals and numbers, among them " + ", ".join(values) if values else ""
        )
        if other:
            said += "; " + facts_text(Group(sinks=g.sinks, facts=other))
        out.append(sentence(said))
    return " ".join(out) + " No input reaches it." if out else ""


def _parsed_number(ctx: Ctx, root: Node, outcome: Outcome) -> str:
    """``At line 96, atoi() result stored in `data`; every computation and array index with it is
    bounded: at line 119, `data--`: `data` is range-checked before `--`.``"""
    gs = groups(outcome.evidence)
    if not gs or gs[0].facts or not gs[0].sinks:
        return ""
    uses = gs[1:]
    if not uses:
        return ""
    head = clause(gs[0]).replace("() result stored in ", "()'s result is stored in ", 1)
    shown = "; ".join(clause(g) for g in uses[:3])
    more = f" ({len(uses) - 3} more in the evidence)" if len(uses) > 3 else ""
    return sentence(f"{head}; every computation and array index with it is bounded: {shown}{more}")


def _arithmetic(ctx: Ctx, root: Node, outcome: Outcome) -> str:
    """``At line 40, `n + 1`: `n` is checked to be below 100 (line 38). It cannot overflow.``"""
    said = clauses(groups(outcome.evidence))
    return f"{said} It cannot overflow." if said else ""


def _never_negative(ctx: Ctx, root: Node, outcome: Outcome) -> str:
    """The claim, then what every value that reaches the conversion is (from the evidence)."""
    head = outcome.justification.split(": ", 1)[0]
    facts = "; ".join(facts_text(g) for g in groups(outcome.evidence) if g.facts)
    return sentence(f"{head}: {facts}") if facts and head != outcome.justification else ""


def _released(ctx: Ctx, root: Node, outcome: Outcome) -> str:
    """The claim, with the lines that release the memory."""
    lines = sorted(
        {n.start_line for n in outcome.evidence if n.role == "guard" and n.why.endswith(" released")}
    )
    if not lines:
        return ""
    where = ", ".join(str(x) for x in lines)
    return sentence(
        f"{outcome.justification.rstrip('.')}: it is released at line{'s' if len(lines) > 1 else ''} {where}"
    )


def _returned_unused(ctx: Ctx, root: Node, outcome: Outcome) -> str:
    """The claim, with each call that stores the result and never reads it."""
    calls = [n for n in outcome.evidence if n.role == "dead_branch"]
    if not calls:
        return ""
    said = " ".join(sentence(f"at line {n.start_line}, {n.why}") for n in calls[:3])
    return f"{outcome.justification} {said}"


Composer = Callable[[Ctx, Node, Outcome], str]

# The reasons of the FALSE_POSITIVE outcomes whose sentence is composed from their evidence.
_COMPOSERS: dict[str, Composer] = {
    "bounded by the destination size": _writes,
    "string terminated inside its object": _string_reads,
    "checked for NULL before use": _null,
    "constant format string": _formats,
    "command built from constants": _commands,
    "parsed number checked where used": _parsed_number,
    "never negative": _never_negative,
    "guarded by a range check": _arithmetic,
    "released pointer returned but never used": _returned_unused,
    "released on every path": _released,
}
