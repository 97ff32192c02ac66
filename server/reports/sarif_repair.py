"""Make a SARIF document schema-valid before it is written: repair or drop what is not.

The triaged SARIF keeps every field of its inputs, so whatever an input got wrong (a
``ruleId`` that is ``null``, ``suppressions: true``, a record the reader rejected) would be
written back. :func:`repair_sarif` checks the document against the official SARIF 2.1.0
schema and, for each problem, in this order:

- a missing required property gets a neutral value (``message`` -> ``{"text": "(no message)"}``);
- properties the schema does not allow move into the object's property bag;
- any other invalid value is dropped (an invalid element of an array is removed from it).

Each change is returned as ``JSONPATH: problem: what was done`` for the caller to report,
then what could not be repaired (``still invalid``); a document that validated at once costs
one validation.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable
from typing import Any

from .sarif import SCHEMA_UNAVAILABLE, _fast_validator, _validator, schema_available, validate_sarif

MAX_ROUNDS = 8
_REQUIRED = re.compile(r"^'(.+)' is a required property$")
_EXTRA = re.compile(r"\('(.+)' (?:was|were) unexpected\)")
_DEFAULTS: dict[str, Any] = {
    "message": {"text": "(no message)"},
    "text": "",
    "version": "2.1.0",
    "runs": [],
    "tool": {"driver": {"name": "unknown"}},
    "driver": {"name": "unknown"},
    "name": "unknown",
    "id": "unknown",
    "kind": "external",
    "executionSuccessful": True,
}

Path = tuple[Any, ...]


def json_path(path: Iterable[Any]) -> str:
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)


def _has(node: Any, key: Any) -> bool:
    if isinstance(node, dict):
        return key in node
    return isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node)


def _resolve(doc: Any, path: Path) -> tuple[bool, Any]:
    node = doc
    for key in path:
        if not _has(node, key):
            return False, None
        node = node[key]
    return True, node


def repair_sarif(doc: dict[str, Any]) -> list[str]:
    """Repair ``doc`` in place until it validates (or nothing more can be done); what was done."""
    if not schema_available():
        return [SCHEMA_UNAVAILABLE]
    notes: list[str] = []
    valid = False
    for _ in range(MAX_ROUNDS):
        errors = [] if _fast_validator().is_valid(doc) else list(_validator().iter_errors(doc))
        if not errors:
            valid = True
            break
        drops: dict[Path, str] = {}
        changed = False
        for err in errors:
            path: Path = tuple(err.absolute_path)
            where = json_path(path)
            found, node = _resolve(doc, path)
            if not found:
                continue
            message = err.message if len(err.message) < 200 else err.message[:200] + "..."
            if err.validator == "required" and isinstance(node, dict):
                m = _REQUIRED.match(err.message)
                key = m.group(1) if m else None
                if key in _DEFAULTS and key not in node:
                    node[key] = copy.deepcopy(_DEFAULTS[key])
                    notes.append(f"{where}: {message}: added {json_path((*path, key))} = {node[key]!r}")
                    changed = True
                    continue
            if err.validator == "additionalProperties" and isinstance(node, dict):
                m = _EXTRA.search(err.message)
                names = re.findall(r"'([^']*)'", m.group(0)) if m else []
                moved = _to_property_bag(node, names)
                if moved:
                    notes.append(f"{where}: {', '.join(moved)} not allowed here: moved into its properties")
                    changed = True
                    continue
            if path:
                drops.setdefault(path, message)
        # drop the outermost invalid values only, array elements from the last to the first
        chosen = [p for p in drops if not any(p[: len(q)] == q and p != q for q in drops)]
        for path in sorted(
            chosen, key=lambda p: [(1, k) if isinstance(k, int) else (0, str(k)) for k in p], reverse=True
        ):
            found, parent = _resolve(doc, path[:-1])
            if not found or not _has(parent, path[-1]):
                continue
            del parent[path[-1]]
            notes.append(f"{json_path(path)}: {drops[path]}: dropped")
            changed = True
        if not changed:
            break
    _suppressions_everywhere(doc)
    if notes and not valid:
        notes.extend(f"still invalid: {problem}" for problem in validate_sarif(doc)[:5])
    return notes


def _suppressions_everywhere(doc: dict[str, Any]) -> None:
    """SARIF 2.1.0 §3.27.23 again, after drops: if a result of a run has suppressions, all have."""
    runs = doc.get("runs")
    for run in runs if isinstance(runs, list) else ():
        results = run.get("results") if isinstance(run, dict) else None
        if isinstance(results, list) and any(isinstance(r, dict) and "suppressions" in r for r in results):
            for r in results:
                if isinstance(r, dict):
                    r.setdefault("suppressions", [])


def _to_property_bag(node: dict[str, Any], names: list[str]) -> list[str]:
    moved: list[str] = []
    bag = node.get("properties")
    if bag is not None and not isinstance(bag, dict):
        return moved
    for name in names:
        if name in node and name != "properties":
            bag = node.setdefault("properties", {})
            if name not in bag:
                bag[name] = node[name]
            del node[name]
            moved.append(name)
    return moved
