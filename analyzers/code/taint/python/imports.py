"""A finding on an import statement (bandit's B403/B404 "consider the security implications of this
module") is not a weakness by itself: it follows the verdicts of the module's uses in the file. When
no use is a sink of the family, the import is a false positive only if every use is understood: a call
the models know is no sink (a serializer, a safe variant, a sanitizer, a pure function), a constant
(``subprocess.PIPE``), an exception class caught, or a name in a type annotation. Any other use (the
module passed around, a class subclassed, a name looked up at run time) leaves the finding for a human."""

from __future__ import annotations

from tree_sitter import Node

from ..values import Note
from .module import ModuleInfo
from .spec import PyFamily, PySpec
from .syntax import descendants, import_bindings, line_of, node_on_line, text

IMPORTS = frozenset({"import_statement", "import_from_statement"})


def import_statement(root: Node, line: int) -> Node | None:
    """The import statement on ``line``, wherever it is indented (inside ``if TYPE_CHECKING:``, a
    ``try``, a function)."""
    return node_on_line(root, line, IMPORTS)


def _is_reference(ident: Node) -> bool:
    parent = ident.parent
    if parent is None:
        return False
    if parent.type == "attribute" and parent.child_by_field_name("attribute") == ident:
        return False  # obj.pickle: an attribute that shares the name
    if parent.type == "keyword_argument" and parent.child_by_field_name("name") == ident:
        return False
    return parent.type not in {"import_statement", "import_from_statement", "dotted_name", "aliased_import"}


def _inside(node: Node, kind: str) -> bool:
    """Whether ``node`` is inside a ``kind`` node of its own statement (an ``except_clause``: a class
    caught; a ``type``: a name in an annotation, never called)."""
    n: Node | None = node.parent
    while n is not None and n.type not in {"block", "module"}:
        if n.type == kind:
            return True
        n = n.parent
    return False


def understood_uses(
    spec: PySpec, fam: PyFamily, info: ModuleInfo, root: Node, stmt: Node
) -> list[Note] | None:
    """Why each use of the names ``stmt`` imports is no sink of the family (None: a use is not understood)."""
    names = set(import_bindings(stmt))
    if not names:
        return None
    known = {*fam.sanitizers, *fam.safe_variants, *spec.propagators, *spec.neutrals, *spec.casts}
    notes: list[Note] = []
    for ident in descendants(root):
        if ident.type != "identifier" or text(ident) not in names or not _is_reference(ident):
            continue
        top = ident
        parts = [text(ident)]
        while (
            top.parent is not None
            and top.parent.type == "attribute"
            and top.parent.child_by_field_name("object") == top
        ):
            top = top.parent
            parts.append(text(top.child_by_field_name("attribute")))
        root_q = info.qualify_root(parts[0])
        if root_q is None:
            return None  # the name is bound to something else here
        q = info.normalize(".".join([root_q, *parts[1:]]))
        parent = top.parent
        called = (
            parent is not None and parent.type == "call" and parent.child_by_field_name("function") == top
        )
        last = parts[-1]
        line = line_of(top)
        if called and q in known:
            notes.append(
                Note(info.path, line, line, f"{q}() is not a {fam.description} sink", "safe_variant")
            )
        elif not called and len(parts) > 1 and last.isupper():
            notes.append(Note(info.path, line, line, f"{q} is a constant of the module", "safe_variant"))
        elif not called and len(parts) > 1 and _inside(top, "except_clause"):
            notes.append(Note(info.path, line, line, f"{q} is an exception class caught", "safe_variant"))
        elif not called and _inside(top, "type"):
            why = f"{q} is only named in a type annotation"
            notes.append(Note(info.path, line, line, why, "safe_variant"))
        else:
            return None
    return notes
