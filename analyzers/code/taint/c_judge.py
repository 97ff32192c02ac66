"""The C side of the offline judgement (tree-sitter-c), a principled subset:

- CWE-134: the format argument is a string literal (directly, through a macro, or a variable
  only ever assigned literals);
- CWE-120/787: copies bounded by the destination (``sizeof(dst)``, constants no larger than the
  array, lengths checked against it, literal sources shorter than the buffer, ``sprintf`` whose
  longest output fits), array indexes checked against the size;
- CWE-78: ``system``/``popen``/``exec*`` whose command arguments are all literals;
- CWE-476: a pointer use dominated by a NULL check, or a pointer that can never be NULL;
- CWE-195/196: a signed value converted to unsigned that cannot be negative there (constants,
  unsigned values, dominating checks, every definition that reaches it), or that may be (a negative
  constant or a parsed number that reaches it unchecked);
- CWE-190: arithmetic whose operands are bounded by a dominating range check, or constants
  whose result fits;
- CWE-330/338: a predictable generator whose numbers are only delays (not a finding) or reach key
  material, a token, a salt or a session id (a finding);
- cppcheck's ``allocaCalled``: a constant, small ``alloca`` outside loops and recursion whose
  block is only accessed inside its bounds.

Anything else keeps the finding (TRUE_POSITIVE) or asks for review.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tree_sitter import Node

from ...findings.model import Finding
from .c_access import judge_access
from .c_alloca import judge_alloca
from .c_buffer import judge_buffer
from .c_command import judge_command
from .c_context import Ctx
from .c_explain import explain
from .c_format import judge_format
from .c_index import index_safe
from .c_lexical import flawfinder_name_not_called
from .c_memory import judge_memory
from .c_null import judge_null
from .c_null_argument import null_argument
from .c_open import judge_open
from .c_overflow import judge_overflow
from .c_quality import judge_quality
from .c_random import judge_random
from .c_signs import judge_sign
from .c_sizeof import judge_pointer_size
from .c_tree import file_macros
from .families import Family
from .outcome import Outcome

if TYPE_CHECKING:
    from ..index import ParsedFile, WorkspaceIndex


def judge_c(
    finding: Finding,
    family: Family,
    parsed: ParsedFile,
    index: WorkspaceIndex,
    memo: dict[tuple[object, ...], object] | None = None,
) -> Outcome:
    """``memo``: facts about whole functions shared between the findings of one batch over
    unchanged files (a :class:`Judge`'s lifetime); a fresh one when not given."""
    root = parsed.tree.root_node
    ctx = Ctx(finding, parsed, index, file_macros(root), memo={} if memo is None else memo)
    return explain(ctx, root, _judge(ctx, root, finding, family))


def _judge(ctx: Ctx, root: Node, finding: Finding, family: Family) -> Outcome:
    lo = finding.line
    hi = min(max(finding.location.region.last_line, lo), lo + 20)
    lexical = flawfinder_name_not_called(ctx, root, lo, hi)
    if lexical is not None:
        return lexical
    if family == "format_string":
        return judge_format(ctx, root, lo, hi)
    if family == "command":
        return judge_command(ctx, root, lo, hi)
    if family == "buffer":
        return judge_buffer(ctx, root, lo, hi)
    if family == "null_deref":
        return null_argument(ctx, root, lo, hi) or judge_null(ctx, root, lo, hi)
    if family == "int_overflow":
        return judge_overflow(ctx, root, lo, hi, index_safe)
    if family == "sign_conversion":
        return judge_sign(ctx, root, lo, hi)
    if family == "stack_alloc":
        return judge_alloca(ctx, root, lo, hi)
    if family in {"uninit", "double_free", "use_after_free", "leak"}:
        return judge_memory(ctx, family, root, lo, hi)
    if family == "weak_random":
        return judge_random(ctx, root, lo, hi)
    if family == "quality":
        return judge_quality(ctx, root, lo, hi)
    if family == "pointer_size":
        return judge_pointer_size(ctx, root, lo, hi)
    if family == "file_open":
        return judge_open(ctx, root, lo, hi)
    if family == "file_race":
        return judge_access(ctx, root, lo, hi)
    return Outcome(
        "NEEDS_REVIEW", 0.3, "not modelled for C", f"The {family} family is not modelled for C.", []
    )
