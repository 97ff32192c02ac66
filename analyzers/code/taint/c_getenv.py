"""flawfinder's buffer/getenv (CWE-807/20: an environment variable is untrusted input of any length):
a call whose value is only tested against NULL (``if (getenv("DEBUG") != NULL)``, ``if
(!getenv("X"))``) reads nothing of the variable's content, so neither its length nor its text can
reach anything."""

from __future__ import annotations

from tree_sitter import Node

from .c_context import Ctx
from .c_spec import NULL_SPELLINGS
from .c_tree import squash, strip_expr, text
from .outcome import Outcome

_TESTS = frozenset(
    {"if_statement", "while_statement", "do_statement", "for_statement", "conditional_expression"}
)


def only_tested(ctx: Ctx, calls: list[Node]) -> Outcome | None:
    """FALSE_POSITIVE when every getenv() call given is only tested for NULL; None otherwise."""
    env = [c for c in calls if ctx.callee(c) in {"getenv", "secure_getenv"}]
    if not env or len(env) != len(calls):
        return None
    notes = []
    for call in env:
        if not _tested_only(call):
            return None
        notes.append(
            ctx.note(call, f"`{text(call)}` is only tested for NULL: its content is never read", "guard")
        )
    return Outcome(
        "FALSE_POSITIVE",
        0.8,
        "environment value only tested",
        "The environment variable's value is only compared with NULL (whether it is set); nothing reads "
        "its content, so its length or text cannot reach any buffer.",
        notes,
    )


def _tested_only(call: Node) -> bool:
    """The value of ``call`` is used only as a truth value or compared with NULL, in a condition."""
    child, cur = call, call.parent
    while cur is not None and cur.type == "parenthesized_expression":
        child, cur = cur, cur.parent
    if cur is None:
        return False
    if cur.type == "binary_expression" and text(cur.child_by_field_name("operator")) in {"==", "!="}:
        left, right = cur.child_by_field_name("left"), cur.child_by_field_name("right")
        other = right if left is not None and left.id == child.id else left
        if other is None or squash(text(strip_expr(other))) not in NULL_SPELLINGS:
            return False
        child, cur = cur, cur.parent
    elif cur.type == "unary_expression" and text(cur.child_by_field_name("operator")) == "!":
        child, cur = cur, cur.parent
    while cur is not None and (
        cur.type in {"parenthesized_expression", "condition_clause"}
        or (cur.type == "binary_expression" and text(cur.child_by_field_name("operator")) in {"&&", "||"})
        or (cur.type == "unary_expression" and text(cur.child_by_field_name("operator")) == "!")
    ):
        child, cur = cur, cur.parent
    if cur is None or cur.type not in _TESTS:
        return False
    cond = cur.child_by_field_name("condition")
    return cond is not None and cond.id == child.id
