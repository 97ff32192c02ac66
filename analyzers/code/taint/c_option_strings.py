"""Strings of the program's arguments held in pointers.

``optarg`` is set by getopt() to point into one of the program's arguments; ``argv[k]`` with ``k``
below ``argc`` is one (c_argv); a string literal is terminated by the compiler. A file-static pointer
every assignment of which (in the whole file) is one of those or NULL, or a local pointer every
definition of which is, points at a terminated string wherever it is read: a read up to the terminator
stays inside it. The pointer must never be moved (``p++``, ``p += k``) nor have its address taken; a
pointer that is not to ``const char`` must not be stored through, handed to a call other than a known
read, nor copied into another variable (which may write through the copy); one to ``const char`` is
trusted not to be written through (handing it to a parameter that writes discards the qualifier, which
compilers diagnose). A local pointer must be initialised where it is declared."""

from __future__ import annotations

from tree_sitter import Node

from .c_argv import program_argument
from .c_context import Ctx
from .c_spec import FORMAT_FUNCS, READ_ONLY_ARGS
from .c_tree import (
    call_args,
    declared_name,
    declares,
    enclosing_function,
    param_names,
    plain_definitions,
    storage_classes,
    store_target,
    strip_expr,
    text,
    walk,
)
from .c_values import declared_in
from .values import Note

MAX_DEPTH = 2
# known reads that return or store a pointer into their argument, through which code may then write
_POINTING = frozenset(
    {"strchr", "strrchr", "strstr", "strpbrk", "memchr", "strtol", "strtoul", "strtoll", "strtoull", "strtod"}
)
_COMPARING = frozenset({"==", "!=", "<", ">", "<=", ">=", "&&", "||"})


def argument_string(ctx: Ctx, arg: Node, at: Node, func: Node | None) -> Note | None:
    """A note when ``arg`` is a pointer that only ever holds ``optarg``, program arguments, string
    literals or NULL (see the module)."""
    a = strip_expr(arg)
    if func is None or a.type != "identifier":
        return None
    why = _origin(ctx, text(a), func, 0)
    if why is None:
        return None
    return ctx.note(at, f"`{text(a)}` {why}: a terminated string", "guard")


def _origin(ctx: Ctx, name: str, func: Node, depth: int) -> str | None:
    root = ctx.parsed.tree.root_node
    own = _file_declaration(root, name)
    if name == "optarg" and not declared_in(func, name) and (own is None or "extern" in storage_classes(own)):
        return "is set by getopt() to point into a program argument"
    if declared_in(func, name):
        if name in param_names(func):
            return None
        decl = _local_declaration(func, name)
        defs = plain_definitions(func, name)
        scopes = [func]
        if decl is None or not any(
            d.type == "init_declarator" and declared_name(d) == name for d in decl.named_children
        ):
            return None  # a local without an initialiser may be read before any assignment
    else:
        decl = own
        if decl is None or "static" not in storage_classes(decl):
            return None  # another file may assign a global that is not static
        scopes = _functions(root)  # (a function's own variable of that name counts too: stricter)
        defs = _file_definitions(decl, scopes, name)
    if decl is None or defs is None or not _char_pointer(decl, name):
        return None
    if not _const(decl) and any(_written_through(s, name) for s in scopes):
        return None
    for where, value in defs:
        if not _argument_value(ctx, value, where, depth):
            return None
    return "only ever holds `optarg`, program arguments, string literals or NULL"


def _argument_value(ctx: Ctx, value: Node, where: Node, depth: int) -> bool:
    v = strip_expr(value)
    if v.type in {"null", "string_literal", "concatenated_string"} or text(v) in {"NULL", "0"}:
        return True
    if v.type == "conditional_expression":
        a, b = v.child_by_field_name("consequence"), v.child_by_field_name("alternative")
        return (
            a is not None
            and b is not None
            and _argument_value(ctx, a, where, depth)
            and _argument_value(ctx, b, where, depth)
        )
    func = enclosing_function(where)
    if func is None:
        return False
    if v.type == "subscript_expression":
        return program_argument(ctx, v, where, func) is not None
    if v.type == "identifier" and depth < MAX_DEPTH:
        return _origin(ctx, text(v), func, depth + 1) is not None
    return False


def _functions(root: Node) -> list[Node]:
    return [n for n in root.named_children if n.type == "function_definition"]


def _file_declaration(root: Node, name: str) -> Node | None:
    return next((n for n in root.named_children if declares(n, name)), None)


def _local_declaration(func: Node, name: str) -> Node | None:
    return next((n for n in walk(func) if declares(n, name)), None)


def _declarator(decl: Node, name: str) -> Node | None:
    for d in decl.named_children:
        if declared_name(d) == name:
            return d.child_by_field_name("declarator") if d.type == "init_declarator" else d
    return None


def _char_pointer(decl: Node, name: str) -> bool:
    """``[const] char *name``: a single pointer to characters."""
    d = _declarator(decl, name)
    typ = decl.child_by_field_name("type")
    if d is None or typ is None or text(typ) != "char" or d.type != "pointer_declarator":
        return False
    inner = d.child_by_field_name("declarator")
    return inner is not None and inner.type == "identifier"


def _const(decl: Node) -> bool:
    return any(c.type == "type_qualifier" and text(c) == "const" for c in decl.children)


def _file_definitions(decl: Node, scopes: list[Node], name: str) -> list[tuple[Node, Node]] | None:
    """The file-level initialiser and every assignment in the functions that see the file variable."""
    out: list[tuple[Node, Node]] = []
    for d in decl.named_children:
        if d.type == "init_declarator" and declared_name(d) == name:
            value = d.child_by_field_name("value")
            if value is not None:
                out.append((d, value))
    for f in scopes:
        got = plain_definitions(f, name)
        if got is None:
            return None
        out.extend(got)
    return out


def _written_through(scope: Node, name: str) -> bool:
    """In ``scope``, something stores through ``name`` (``name[i] = c``, ``*name = c``), copies it
    into another variable, or hands it to a call that is not a known read."""
    for n in walk(scope):
        target = store_target(n)
        if target is not None and strip_expr(target).type != "identifier" and _base(target) == name:
            return True
        if n.type == "identifier" and text(n) == name and not _read_only_use(n):
            return True
    return False


def _base(target: Node) -> str:
    """The variable under the indexes and dereferences of a store's target (``p[i]``, ``*(p + 1)``)."""
    t = strip_expr(target)
    while t.type in {"subscript_expression", "pointer_expression", "binary_expression"}:
        inner = t.child_by_field_name("argument") or t.child_by_field_name("left")
        if inner is None:
            return ""
        t = strip_expr(inner)
    return text(t) if t.type == "identifier" else ""


def _read_only_use(ident: Node) -> bool:
    """The mention ``ident`` only reads the pointer: compared, tested, assigned to, indexed for a
    read, or an argument of a known read (a printf-like call's value arguments too)."""
    cur = ident
    parent = cur.parent
    while parent is not None and parent.type == "parenthesized_expression":
        cur, parent = parent, parent.parent
    if parent is None:
        return False
    if parent.type == "assignment_expression":
        return parent.child_by_field_name("left") == cur  # assigned a value, not copied elsewhere
    if parent.type == "pointer_declarator":
        return True  # its declaration
    if parent.type == "binary_expression":
        return text(parent.child_by_field_name("operator")) in _COMPARING
    if parent.type == "unary_expression":
        return text(parent.child_by_field_name("operator")) == "!"
    if parent.type in {"if_statement", "while_statement", "conditional_expression"}:
        return parent.child_by_field_name("condition") == cur
    if parent.type == "subscript_expression" or (
        parent.type == "pointer_expression" and text(parent.child_by_field_name("operator")) == "*"
    ):
        return True  # a read of a character (a store through it is caught as a store)
    if parent.type == "init_declarator":
        return parent.child_by_field_name("declarator") == cur  # else copied into another variable
    if parent.type == "argument_list" and parent.parent is not None:
        call = parent.parent
        fn = call.child_by_field_name("function")
        callee = text(fn) if fn is not None else ""
        if callee in READ_ONLY_ARGS and callee not in _POINTING:
            return True
        args = call_args(call)
        return callee in FORMAT_FUNCS and cur in args and args.index(cur) > FORMAT_FUNCS[callee]
    return False
