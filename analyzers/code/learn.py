"""A person's judgement as a model: a false-positive verdict whose reason names a function of the
finding's code ("validated by check_name") becomes, once the person accepts, a validator or
sanitizer row in ``.sastls/models/learned.toml`` — a reviewable file, never a hidden index — so every
other finding through that function is judged with it.

:func:`propose` only reads; :func:`record` writes, and is called only after the person agrees.
"""

from __future__ import annotations

import builtins
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from tree_sitter import Node

from ..findings.model import Finding
from ..models import LEARNED_FILE, WORKSPACE_DIR, load_models, parse_model
from .taint.families import family_of
from .taint.python.module import ModuleInfo, module_info
from .taint.python.spec import PySpec, python_spec
from .taint.python.syntax import line_of, text

if TYPE_CHECKING:
    from .index import WorkspaceIndex

LEARNED = f"{WORKSPACE_DIR}/{LEARNED_FILE}"
Role = Literal["validator", "sanitizer"]
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")
_BUILTINS = frozenset(dir(builtins))
HEADER = (
    "# Models learned from your verdicts (sastls): a false positive you judged, with a reason that\n"
    "# names a function, taught the offline analyst what that function does. Review these rows like\n"
    "# code (format: docs/models.md); delete one to forget it.\n"
    'language = "python"\n'
    'library = "learned from verdicts"\n'
)


class LearnError(Exception):
    """The model could not be recorded (the file is not valid, or cannot be written)."""


@dataclass(frozen=True)
class Proposal:
    """A model row offered to the person who judged a finding."""

    name: str  # the function, as the row names it (its bare name: it matches it wherever it is called)
    role: Role
    family: str
    family_text: str  # "path traversal"
    on: str  # validators: "true" (in a condition) or "return" (a statement that raises on bad input)
    finding: str  # "bandit B108 at app/views.py:9"
    reason: str
    defined_at: str | None = None  # "app/checks.py:3" when the workspace defines it

    @property
    def file(self) -> str:
        return LEARNED

    def describe(self) -> str:
        return f"{self.name}() as a {self.role} for {self.family_text}"

    def block(self, user: str | None = None, when: str = "") -> str:
        """The TOML the file gains: a comment that says where it came from, and the row."""
        said = " ".join(self.reason.split())
        where = f"; {self.name} is defined at {self.defined_at}" if self.defined_at else ""
        who = ", ".join(x for x in (user, when) if x)
        lines = [
            "",
            f"# from the verdict on {self.finding}" + (f" ({who})" if who else "") + f": {said!r}{where}",
            "[[validators]]" if self.role == "validator" else "[[sanitizers]]",
            f'family = "{self.family}"',
            f'names = ["{self.name}"]',
        ]
        if self.role == "validator":
            lines.append(f'on = "{self.on}"')
        return "\n".join(lines) + "\n"

    def to_dict(self) -> dict[str, str | None]:
        return {
            "name": self.name,
            "role": self.role,
            "family": self.family,
            "on": self.on,
            "file": self.file,
            "description": self.describe(),
            "defined_at": self.defined_at,
        }


def _scope(root: Node, line: int) -> Node:
    node: Node | None = root.descendant_for_point_range((line - 1, 0), (line - 1, 0))
    while node is not None and node.type != "function_definition":
        node = node.parent
    return node if node is not None else root


def _calls(scope: Node) -> list[Node]:
    out: list[Node] = []
    stack = [scope]
    while stack:
        n = stack.pop()
        if n.type == "call":
            out.append(n)
        stack.extend(reversed(n.named_children))
    return out


def _usage(call: Node) -> tuple[Role, str]:
    """How the code uses the call: as a condition (a validator), as a statement (a validator that
    raises on bad input), or for its value (a sanitizer)."""
    child, node = call, call.parent
    while node is not None and node.type in {"not_operator", "boolean_operator", "parenthesized_expression"}:
        child, node = node, node.parent
    if node is None:
        return "sanitizer", ""
    if node.type == "assert_statement":
        return "validator", "true"
    if node.type in {"if_statement", "elif_clause", "while_statement"} and (
        node.child_by_field_name("condition") == child
    ):
        return "validator", "true"
    if node.type == "conditional_expression" and node.named_children[1:2] == [child]:
        return "validator", "true"
    if node.type == "expression_statement" and child == call:
        return "validator", "return"
    return "sanitizer", ""


def _known(spec: PySpec, qualified: str, family: str) -> bool:
    """A callee the models describe already (a library's, or one the user recorded for this family)."""
    fam = spec.families.get(family)
    declared = spec.user_name(qualified)
    if (
        declared is not None
        and fam is not None
        and (declared in fam.validators or declared in fam.sanitizers)
    ):
        return True
    tables = (
        spec.library_calls,
        spec.neutrals,
        spec.casts,
        spec.propagators,
        spec.sources,
        spec.flag_summaries,
    )
    return any(qualified in t for t in tables) or spec.is_source_object(qualified)


def _qualified(info: ModuleInfo, callee: str) -> str:
    root, _, rest = callee.partition(".")
    q = info.qualify_root(root)
    return info.normalize(f"{q}.{rest}" if q and rest else (q or callee))


def propose(
    finding: Finding, reason: str, index: WorkspaceIndex, *, model_paths: tuple[str, ...] = ()
) -> Proposal | None:
    """What the reason for a FALSE_POSITIVE teaches, when it names a function the finding's code calls
    (in the function around the finding); None when it names none, or nothing worth recording."""
    if not reason.strip():
        return None
    family = family_of(finding)
    spec = python_spec(load_models("python", index.root, model_paths))
    fam = spec.families.get(family) if family is not None else None
    if family is None or fam is None or fam.config:
        return None  # a configuration finding (a weak hash) is not about data passing a check
    parsed = index.file(finding.path)
    if parsed is None or parsed.language != "python":
        return None
    info = module_info(finding.path, parsed.tree.root_node, spec.aliases)
    calls = _calls(_scope(parsed.tree.root_node, finding.line))
    for word in dict.fromkeys(_WORD.findall(reason)):
        last = word.rsplit(".", 1)[-1]
        if last in _BUILTINS:
            continue
        matching = [
            c
            for c in calls
            if (callee := text(c.child_by_field_name("function"))) == word
            or callee.rsplit(".", 1)[-1] == last
        ]
        if not matching:
            continue
        before = [c for c in matching if line_of(c) <= finding.line]
        call = (before or matching)[0]
        if _known(spec, _qualified(info, text(call.child_by_field_name("function"))), family):
            return None
        role, on = _usage(call)
        return Proposal(
            name=last,
            role=role,
            family=family,
            family_text=fam.description or family,
            on=on,
            finding=f"{finding.tool} {finding.rule_id} at {finding.path}:{finding.line}",
            reason=reason,
            defined_at=_defined_at(
                index, finding.path, text(call.child_by_field_name("function")), line_of(call)
            ),
        )
    return None


def _defined_at(index: WorkspaceIndex, path: str, name: str, line: int) -> str | None:
    try:
        matches = index.definitions(name, from_path=path, line=line, limit=1)
    except Exception:
        return None
    for m in matches:
        if m.symbol.kind in {"function", "method"}:
            return f"{m.symbol.path}:{m.symbol.start_line}"
    return None


def record(proposal: Proposal, root: str | Path, *, user: str | None = None, when: str = "") -> Path:
    """Append the proposal's row to ``.sastls/models/learned.toml`` (made with a header if missing).
    The file is checked against the schema before it is replaced; a row already there is not added
    twice. Raises :class:`LearnError` when the file cannot be kept valid or written."""
    path = Path(root) / LEARNED
    try:
        current = path.read_text(encoding="utf-8") if path.exists() else HEADER
    except (OSError, UnicodeDecodeError) as exc:
        raise LearnError(f"{LEARNED} cannot be read: {exc}") from exc
    existing, errors = parse_model(LEARNED, current)
    if existing is None:
        raise LearnError(f"{LEARNED} is not valid; fix it first: " + "; ".join(map(str, errors)))
    section = "validators" if proposal.role == "validator" else "sanitizers"
    for row in existing.data.get(section, ()):
        fams = row["family"] if isinstance(row["family"], list) else [row["family"]]
        same_mode = proposal.role == "sanitizer" or row.get("on", "true") == proposal.on
        if proposal.name in row["names"] and proposal.family in fams and same_mode:
            return path  # already there
    new = current.rstrip("\n") + "\n" + proposal.block(user, when)
    model, errors = parse_model(LEARNED, new)
    if model is None:
        raise LearnError("the learned model would not be valid: " + "; ".join(map(str, errors)))
    tmp: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".learned-", suffix=".toml")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(new)
        os.replace(tmp, path)
        tmp = None
    except OSError as exc:
        raise LearnError(f"{LEARNED} cannot be written: {exc}") from exc
    finally:
        if tmp is not None and os.path.exists(tmp):
            os.unlink(tmp)
    return path
