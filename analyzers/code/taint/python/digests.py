"""What a weak hash's digest is for (issue 12 §1, "the claim decides the family"). A weak hash is a
real finding when its digest protects something: it is compared (a signature, a password check),
stored, returned or handed to code the analyst cannot see. It is not one when the digest only names
something: a file or a directory, a cache entry (a key or a membership test), or nothing at all.
The calls that only name things are in the models (the family's ``naming_calls``); hashing what looks
like a secret (a password, a token, a key) always stays a finding."""

from __future__ import annotations

import re
from collections.abc import Callable

from tree_sitter import Node

from .syntax import enclosing_function, short, text

SECRET_WORDS = re.compile(r"pass(word|wd|phrase)?|secret|token|credential|salt|api_?key|private|sign", re.I)
_DIGEST_METHODS = frozenset({"hexdigest", "digest"})
_MAX_DEPTH = 6


def secret_input(call: Node) -> str | None:
    """A name among the hashed values that says it is a secret (only ever keeps a finding)."""
    args = call.child_by_field_name("arguments")
    stack = list(args.named_children) if args is not None else []
    while stack:
        n = stack.pop()
        if n.type == "identifier" and SECRET_WORDS.search(text(n)):
            return text(n)
        stack.extend(n.named_children)
    return None


def naming_only(call: Node, qualify: Callable[[Node], str], naming: frozenset[str]) -> str | None:
    """Why every use of the hash made by ``call`` only names something (None: some use may protect)."""
    walk = _Uses(qualify, naming)
    if not walk.uses(call, 0):
        return None
    return "; ".join(dict.fromkeys(walk.whys)) or "its digest is never used"


class _Uses:
    def __init__(self, qualify: Callable[[Node], str], naming: frozenset[str]) -> None:
        self.qualify = qualify
        self.naming = naming
        self.whys: list[str] = []

    def uses(self, expr: Node, depth: int) -> bool:
        """Whether every use of the value ``expr`` computes only names something."""
        if depth > _MAX_DEPTH:
            return False
        parent = expr.parent
        if parent is None:
            return False
        t = parent.type
        if t in {
            "parenthesized_expression",
            "binary_operator",
            "interpolation",
            "concatenated_string",
            "string",
        }:
            return self.uses(parent, depth + 1)  # text built around the digest
        if t == "attribute" and parent.child_by_field_name("object") == expr:
            attr = text(parent.child_by_field_name("attribute"))
            call = parent.parent
            if call is None or call.type != "call" or call.child_by_field_name("function") != parent:
                return False
            if attr == "update":
                return secret_input(call) is None  # feeding the hash more data (a secret keeps it)
            if attr in _DIGEST_METHODS or attr in {"upper", "lower", "encode", "decode"}:
                return self.uses(call, depth + 1)
            return False
        if t == "subscript":
            if parent.child_by_field_name("value") == expr:  # digest[:8]
                return self.uses(parent, depth + 1)
            self.whys.append("the digest is a key of a cache or mapping")
            return True
        if t == "comparison_operator":
            ops = [text(c) for c in parent.children if not c.is_named]
            if ops and all(o in {"in", "not in"} for o in ops) and parent.named_children[0] == expr:
                self.whys.append("the digest is looked up in a cache or mapping")
                return True
            return False  # compared: a check the hash is trusted for
        if t == "pair":
            if parent.child_by_field_name("key") == expr:
                self.whys.append("the digest is a key of a mapping")
                return True
            return False
        if t in {"keyword_argument", "argument_list"}:
            args = parent.parent if t == "keyword_argument" else parent
            return self.argument(args, depth)
        if t == "expression_statement":
            self.whys.append("the digest is not used")
            return True
        if t == "assignment" and parent.child_by_field_name("right") == expr:
            left = parent.child_by_field_name("left")
            if left is None or left.type != "identifier":
                return False  # stored in an object or a container: used later, out of sight
            return self.variable(parent, text(left), depth)
        return False

    def argument(self, args: Node | None, depth: int) -> bool:
        call = args.parent if args is not None else None
        if call is None or call.type != "call":
            return False
        fn = call.child_by_field_name("function")
        if fn is None:
            return False
        q = self.qualify(fn)
        method = "." + text(fn.child_by_field_name("attribute")) if fn.type == "attribute" else ""
        if q in self.naming or (method and method in self.naming):
            self.whys.append(f"the digest only names something: it is passed to {short(text(fn))}()")
            return True
        if q == "str":
            return self.uses(call, depth + 1)
        return False

    def variable(self, assignment: Node, name: str, depth: int) -> bool:
        scope = enclosing_function(assignment)
        body = scope.child_by_field_name("body") if scope is not None else None
        if body is None:
            return False  # a module-level value: read from anywhere
        refs: list[Node] = []
        stack = [body]
        while stack:
            n = stack.pop()
            if n.type == "identifier" and text(n) == name and n.start_byte > assignment.end_byte:
                refs.append(n)
            stack.extend(n.named_children)
        for r in refs:
            p = r.parent
            if p is not None and p.type == "assignment" and p.child_by_field_name("left") == r:
                continue  # rebound
            if not self.uses(r, depth + 1):
                return False
        return True
