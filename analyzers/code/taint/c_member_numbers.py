"""A parsed number stored in a struct member (``cfg->port = atoi(v)``) whose every read in the file
is harmless: compared, tested for truth, or printed as a number. Then no size, index, allocation or
arithmetic is computed from it, which is what CWE-190's "unless checked" is about. The member must be
declared in this file (a library's struct may be read by the library) and named by no other file of
the program (another file could compute with it)."""

from __future__ import annotations

import re

from tree_sitter import Node

from .c_context import Ctx
from .c_spec import FORMAT_FUNCS
from .c_tree import call_args, callee_of, text, walk
from .values import Note

_ACCESS = re.compile(r"^[A-Za-z_]\w*(?:->|\.)([A-Za-z_]\w*)$")
_COMPARE = frozenset({"==", "!=", "<", "<=", ">", ">="})
_TRUTH = frozenset({"&&", "||"})


def member_only_compared(ctx: Ctx, stored: str, store: Node) -> list[Note] | None:
    """Notes when the member ``stored`` (``cfg->port``) is read only harmlessly anywhere in the file."""
    from .c_callers import named_in_program

    m = _ACCESS.match(stored.replace(" ", ""))
    if m is None:
        return None
    member = m.group(1)
    root = ctx.parsed.tree.root_node
    declared = any(
        n.type == "field_declaration"
        and any(c.type == "field_identifier" and text(c) == member for c in n.named_children)
        for n in walk(root)
    )
    if not declared:
        return None
    if named_in_program(ctx, member):
        return None
    if _escapes(ctx, member):
        return None
    reads: list[Node] = []
    for n in walk(root):
        if n.type != "field_expression" or text(n.child_by_field_name("field") or n) != member:
            continue
        amp = n.parent
        if (
            amp is not None
            and amp.type == "pointer_expression"
            and text(amp.child_by_field_name("operator")) == "&"
            and store.start_byte <= n.start_byte < store.end_byte
        ):
            continue  # the scanf-like store being judged (`&r->id`)
        use = _use(n)
        if use is None:
            return None
        if use:
            reads.append(n)
    shown = ", ".join(str(r.start_point[0] + 1) for r in reads[:6])
    return [
        ctx.note(
            store,
            f"the member `{member}` is only ever compared, tested or printed as a number"
            + (f" (lines {shown})" if reads else " (never read)"),
            "guard",
        )
    ]


# library calls that read no member of the objects they are handed as a number (they free, clear,
# move, grow or sort them: qsort()/bsearch() compare through the file's own comparator)
_KEEP_NOTHING = frozenset(
    {
        "free",
        "memset",
        "bzero",
        "explicit_bzero",
        "memcpy",
        "memmove",
        "realloc",
        "reallocarray",
        "qsort",
        "bsearch",
    }
)


def _escapes(ctx: Ctx, member: str) -> bool:
    """An object of a struct type that declares ``member`` (by its tag or a typedef name) may reach
    code the analyst cannot read, which may compute with the member: it is handed to a function this
    workspace does not define (``use(b)``, ``send(fd, &b, ...)``); or the file, a library (no
    ``main()``), has a function others may call that takes or returns the type, or a global of it.
    A hole before 2026-11-29: ``b.n = atoi(in); use(b);`` was FALSE_POSITIVE."""
    from .c_callers import visible_calls
    from .c_provenance import definition_of
    from .c_tree import enclosing_function, func_name, pointer_base, strip_expr

    root = ctx.parsed.tree.root_node
    names: set[str] = set()
    for n in walk(root):
        if n.type != "field_declaration" or not any(
            c.type == "field_identifier" and text(c) == member for c in walk(n)
        ):
            continue
        spec = n.parent.parent if n.parent is not None else None
        if spec is None or spec.type not in {"struct_specifier", "union_specifier"}:
            return True  # not understood: assume it escapes
        tag = spec.child_by_field_name("name")
        if tag is not None:
            names.add(text(tag))
        holder = spec.parent
        if holder is not None and holder.type == "type_definition":
            names.update(text(d) for d in walk(holder) if d.type == "type_identifier" and d != tag)
    if not names:
        return True
    words = re.compile(r"\b(?:" + "|".join(re.escape(x) for x in sorted(names)) + r")\b")
    program = any(n.type == "function_definition" and func_name(n) == "main" for n in root.named_children)
    for fdef in [] if program else walk(root):  # a file without main(): a library others may call
        if fdef.type != "function_definition":
            continue
        typed = words.search(text(fdef.child_by_field_name("type") or fdef)) is not None or any(
            p.type == "parameter_declaration" and words.search(text(p)) is not None
            for p in walk(fdef.child_by_field_name("declarator") or fdef)
        )
        if typed and visible_calls(ctx, fdef) is None:
            return True  # code outside the file may hand such an object in or get it back
    for n in [] if program else root.named_children:
        if n.type == "declaration" and words.search(text(n)) and not text(n).lstrip().startswith("static"):
            return True  # a global object of the type other files may reach
    for call in walk(root):
        if (
            call.type != "call_expression"
            or callee_of(call) in _KEEP_NOTHING
            or callee_of(call) in FORMAT_FUNCS
        ):
            continue
        for a in call_args(call):
            e = strip_expr(a)
            while e.type == "pointer_expression":  # `*c`, `&c`: the object itself
                e = strip_expr(e.child_by_field_name("argument") or e)
            if e.type == "field_expression":  # `hs->e`: a member that holds objects of the type
                field = e.child_by_field_name("field")
                held = field is not None and any(
                    n.type == "field_declaration"
                    and words.search(text(n.child_by_field_name("type") or n)) is not None
                    and any(c.type == "field_identifier" and text(c) == text(field) for c in walk(n))
                    for n in walk(root)
                )
                if held and definition_of(ctx, call) is None:
                    return True
                continue
            base = pointer_base(e)
            if base is None or not _typed(root, enclosing_function(call), base, words):
                continue
            if definition_of(ctx, call) is None:
                return True
    return False


def _typed(root: Node, func: Node | None, name: str, words: re.Pattern[str]) -> bool:
    """The variable or parameter ``name`` (in ``func`` or at file level) is declared with a type
    that ``words`` names."""
    from .c_tree import declared_name, enclosing_function

    for scope in ([func] if func is not None else []) + [root]:
        for n in walk(scope):
            if n.type not in {"declaration", "parameter_declaration"}:
                continue
            if scope is root and enclosing_function(n) is not None:
                continue  # another function's own variable
            if any(
                declared_name(d) == name or (d.type == "identifier" and text(d) == name)
                for d in n.named_children
            ):
                typ = n.child_by_field_name("type")
                return typ is not None and words.search(text(typ)) is not None
    return False


def _use(n: Node) -> bool | None:
    """True for a harmless read, False for a plain store into it, None for anything else."""
    child, cur = n, n.parent
    while cur is not None and cur.type in {"parenthesized_expression", "cast_expression"}:
        child, cur = cur, cur.parent
    if cur is None:
        return None
    if cur.type == "assignment_expression" and cur.child_by_field_name("left") == child:
        return False if text(cur.child_by_field_name("operator")) == "=" else None
    if cur.type == "binary_expression":
        op = text(cur.child_by_field_name("operator"))
        if op in _COMPARE or op in _TRUTH:
            return True
        return None
    if cur.type == "unary_expression" and text(cur.child_by_field_name("operator")) == "!":
        return True
    if cur.type in {"if_statement", "while_statement", "do_statement", "condition_clause"}:
        return True
    if cur.type == "argument_list":
        call = cur.parent
        name = callee_of(call) if call is not None else ""
        if call is not None and name in FORMAT_FUNCS:
            args = call_args(call)
            at = next((i for i, a in enumerate(args) if a.id == child.id), -1)
            return True if at > FORMAT_FUNCS[name] else None
        return None
    return None


def member_range_checked(ctx: Ctx, stored: str, store: Node) -> list[Note] | None:
    """Notes when the statement after the store into ``stored`` (``rt->prefix = atoi(s);``) that
    first mentions it is an early exit whose condition, when it does not leave, keeps the member
    between two constants (``if (rt->prefix < 0 || rt->prefix > 32) return -1;``): the number is
    range-checked before any use of it."""
    from .c_conditions import comparisons, terminates
    from .c_tree import squash
    from .c_values import const_int

    statement = store
    while statement.parent is not None and statement.parent.type != "compound_statement":
        statement = statement.parent
    block = statement.parent
    if block is None or statement.type != "expression_statement":
        return None
    want = squash(stored)
    later = [c for c in block.named_children if c.start_byte >= statement.end_byte and c.type != "comment"]
    for stmt in later:
        if not any(n.type == "field_expression" and squash(text(n)) == want for n in walk(stmt)):
            continue
        cond = stmt.child_by_field_name("condition") if stmt.type == "if_statement" else None
        cons = stmt.child_by_field_name("consequence") if cond is not None else None
        if cond is None or cons is None or not terminates(cons) or stmt.child_by_field_name("alternative"):
            return None
        low = high = None
        for var, op, other in comparisons(cond, False):  # what holds when the check does not leave
            k = const_int(ctx, other, None) if squash(var) == want else None
            if k is None:
                continue
            if op in {">=", ">"}:
                low = k + (op == ">")
            elif op in {"<=", "<"}:
                high = k - (op == "<")
        if low is None or high is None:
            return None
        return [
            ctx.note(
                stmt,
                f"line {stmt.start_point[0] + 1} leaves unless `{stored}` lies between {low} and {high}, "
                "before any use of it",
                "guard",
            )
        ]
    return None
