"""SARIF 2.1.0: multiple runs and tools, originalUriBaseIds, rules by index or id, CWE from
tags / properties / taxa, codeFlows and relatedLocations."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ..model import LEVELS, Finding, Level, Location, Region, TraceStep
from .base import (
    MAX_NAME_CHARS,
    Read,
    ReadContext,
    as_dict,
    as_list,
    cwe_ids,
    get_list,
    get_obj,
    get_str,
    items,
    opt_list,
    opt_str,
    records,
    region,
    text,
    type_name,
    uri_to_path,
)
from .jsonrepair import RecordSpec

RECORDS = (RecordSpec("$.runs[*].results", frozenset({"ruleId", "rule", "ruleIndex"})),)
_ARG = re.compile(r"\{(\d{1,6})\}")


def _text(msg: Any, rule: dict[str, Any] | None = None) -> str | None:
    """message.text, else message.markdown, else the rule's messageStrings[id] with arguments."""
    if not isinstance(msg, dict):
        return None
    for key in ("text", "markdown"):
        if isinstance(msg.get(key), str):
            return str(msg[key])
    mid = msg.get("id")
    if isinstance(mid, str) and rule is not None:
        strings = rule.get("messageStrings")
        entry = strings.get(mid) if isinstance(strings, dict) else None
        template = entry.get("text") if isinstance(entry, dict) else None
        if isinstance(template, str):
            args = as_list(msg.get("arguments"))
            return _ARG.sub(
                lambda m: str(args[int(m.group(1))]) if int(m.group(1)) < len(args) else m.group(0), template
            )
    return None


class _Run:
    """Lookups of one run: rules (driver + extensions), taxa, artifacts, base URIs."""

    def __init__(self, ctx: ReadContext, run: dict[str, Any], where: str) -> None:
        self.ctx = ctx
        self.where = where
        tool = get_obj(ctx, run, "tool", where, required=True) or {}
        driver = get_obj(ctx, tool, "driver", f"{where}.tool", required=bool(tool)) or {}
        name = get_str(ctx, driver, "name", f"{where}.tool.driver", required=bool(driver))
        self.tool = canonical_tool(
            (text(ctx, name, f"{where}.tool.driver.name", limit=MAX_NAME_CHARS) if name else "") or "unknown"
        )
        self.version = driver.get("semanticVersion") or driver.get("version")
        if not isinstance(self.version, str):
            self.version = None
        elif len(self.version) > MAX_NAME_CHARS:
            self.version = text(ctx, self.version, f"{where}.tool.driver.version", limit=MAX_NAME_CHARS)
        self.components: list[dict[str, Any]] = [driver]
        for _i, ext in items(
            ctx, get_list(ctx, tool, "extensions", f"{where}.tool"), f"{where}.tool.extensions"
        ):
            self.components.append(ext)
        self.rules: list[list[dict[str, Any]]] = []
        self.by_id: dict[str, dict[str, Any]] = {}
        for ci, comp in enumerate(self.components):
            cwhere = f"{where}.tool.driver" if ci == 0 else f"{where}.tool.extensions[{ci - 1}]"
            rules = [r if isinstance(r, dict) else {} for r in get_list(ctx, comp, "rules", cwhere)]
            self.rules.append(rules)
            for r in rules:
                rid = r.get("id")
                if isinstance(rid, str):
                    self.by_id.setdefault(rid, r)
        self.cwe_taxa: dict[str, tuple[int, ...]] = {}
        for tax in opt_list(ctx, run, "taxonomies", where):
            if isinstance(tax, dict) and str(tax.get("name", "")).upper() == "CWE":
                for t in as_list(tax.get("taxa")):
                    if isinstance(t, dict) and isinstance(t.get("id"), str | int):
                        self.cwe_taxa[str(t["id"])] = cwe_ids(t["id"])
        self.artifacts = as_list(run.get("artifacts"))
        bases = run.get("originalUriBaseIds")
        self.bases: dict[str, Any] = bases if isinstance(bases, dict) else {}
        self.rule_cwe: dict[int, tuple[int, ...]] = {}

    def base_uri(self, name: str, depth: int = 0) -> str | None:
        """The absolute or relative URI a uriBaseId stands for ("" when unknown: the workspace)."""
        entry = self.bases.get(name)
        if not isinstance(entry, dict) or depth > 8:
            return ""
        uri = entry.get("uri")
        uri = uri if isinstance(uri, str) else ""
        parent = entry.get("uriBaseId")
        if isinstance(parent, str):
            pre = self.base_uri(parent, depth + 1) or ""
            return _join(pre, uri)
        return uri

    def rule_for(self, result: dict[str, Any], where: str) -> tuple[str | None, dict[str, Any] | None]:
        rid = result.get("ruleId")
        rule_ref = as_dict(result.get("rule"))
        if not isinstance(rid, str) or not rid:
            if rid is not None:
                what = "an empty string" if rid == "" else type_name(rid)
                self.ctx.warn(f"{where}.ruleId", f"expected a string, got {what}")
            rid = rule_ref.get("id") if isinstance(rule_ref.get("id"), str) and rule_ref.get("id") else None
        comp = 0
        tc = rule_ref.get("toolComponent")
        if (
            isinstance(tc, dict)
            and isinstance(tc.get("index"), int)
            and not isinstance(tc.get("index"), bool)
        ):
            comp = tc["index"] + 1 if 0 <= tc["index"] < len(self.components) - 1 else 0
        index = result.get("ruleIndex", rule_ref.get("index"))
        rule: dict[str, Any] | None = None
        if isinstance(index, int) and not isinstance(index, bool) and index >= 0:
            rules = self.rules[comp] if comp < len(self.rules) else []
            if index < len(rules):
                rule = rules[index]
            else:
                self.ctx.warn(
                    f"{where}.ruleIndex", f"rule index {index} is out of range ({len(rules)} rules)"
                )
        if rule is None and rid is not None:
            rule = self.by_id.get(rid)
            if rule is None and "/" in rid:  # hierarchical ids: "CA2101/sub"
                rule = self.by_id.get(rid.split("/", 1)[0])
        if rid is None and rule is not None and isinstance(rule.get("id"), str) and rule["id"]:
            rid = rule["id"]
        if rid is not None and len(rid) > MAX_NAME_CHARS:
            rid = text(self.ctx, rid, f"{where}.ruleId", limit=MAX_NAME_CHARS)
        return rid, rule

    def path_of(self, art: dict[str, Any], where: str) -> str | None:
        uri = art.get("uri")
        if not isinstance(uri, str):
            idx = art.get("index")
            if isinstance(idx, int) and not isinstance(idx, bool) and 0 <= idx < len(self.artifacts):
                entry = self.artifacts[idx]
                loc = entry.get("location") if isinstance(entry, dict) else None
                if isinstance(loc, dict):
                    return self.path_of(loc, where)
            if uri is not None:
                self.ctx.error(f"{where}.uri", f"expected a string, got {type_name(uri)}")
            else:
                self.ctx.error(where, "artifactLocation has neither uri nor a valid index")
            return None
        base = art.get("uriBaseId")
        if isinstance(base, str) and not re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", uri):
            uri = _join(self.base_uri(base) or "", uri)
        try:
            return uri_to_path(uri)
        except ValueError as exc:  # urlsplit: "Invalid IPv6 URL" and the like
            self.ctx.error(f"{where}.uri", f"not a usable URI ({exc}): not loaded")
            return None


_ALIASES = {"semgrep oss": "semgrep", "semgrep pro": "semgrep", "semgrep code": "semgrep"}


_GNU = re.compile(r"gnu (c|c\+\+|objective-c|fortran)\d*")


def canonical_tool(name: str) -> str:
    """One name per tool whatever the output format: "Semgrep OSS" and semgrep JSON are both
    "semgrep"; gcc's SARIF names its driver after the language ("GNU C17"): "gcc"."""
    low = " ".join(name.split()).lower()
    if _GNU.fullmatch(low):
        return "gcc"
    return _ALIASES.get(low, low)


def _join(base: str, rel: str) -> str:
    if not base:
        return rel
    return base if not rel else base.rstrip("/") + "/" + rel.lstrip("/")


def _prop_cwes(holder: dict[str, Any]) -> list[int]:
    """CWEs in ``properties``: cwe / cwe_ids keys, and tags like "CWE-89" or "external/cwe/cwe-89"."""
    props = holder.get("properties")
    if not isinstance(props, dict):
        return []
    found: list[int] = []
    for key in ("cwe", "CWE", "cwe_ids", "cwes"):
        if key in props:
            found.extend(cwe_ids(props[key]))
    tags = props.get("tags")
    if isinstance(tags, list):
        found.extend(cwe_ids([t for t in tags if isinstance(t, str) and "cwe" in t.lower()]))
    return found


def _is_cwe_ref(ref: dict[str, Any]) -> bool:
    tc = ref.get("toolComponent")
    name = str(tc.get("name", "")) if isinstance(tc, dict) else ""
    return name.upper() == "CWE" or str(ref.get("id", "")).upper().startswith("CWE")


def _rule_cwes(run: _Run, rule: dict[str, Any]) -> tuple[int, ...]:
    key = id(rule)
    hit = run.rule_cwe.get(key)
    if hit is None:
        found = _prop_cwes(rule)
        for rel in as_list(rule.get("relationships")):
            target = rel.get("target") if isinstance(rel, dict) else None
            if isinstance(target, dict) and _is_cwe_ref(target):
                tid = target.get("id")
                found.extend(run.cwe_taxa.get(str(tid), ()) or cwe_ids(tid))
        hit = run.rule_cwe[key] = tuple(dict.fromkeys(found))
    return hit


def _cwes(run: _Run, rule: dict[str, Any] | None, result: dict[str, Any], where: str) -> tuple[int, ...]:
    found = _prop_cwes(result)
    for t in opt_list(run.ctx, result, "taxa", where):
        if isinstance(t, dict) and _is_cwe_ref(t):
            found.extend(run.cwe_taxa.get(str(t.get("id")), ()) or cwe_ids(t.get("id")))
    if rule is not None:
        found.extend(_rule_cwes(run, rule))
    return tuple(dict.fromkeys(found))


def _location(run: _Run, loc: Any, where: str, *, required: bool) -> tuple[str, Region, str | None] | None:
    """(raw path, region) of a SARIF location, or None (reported when required)."""
    ctx = run.ctx
    if not isinstance(loc, dict):
        ctx.error(where, f"expected an object, got {type_name(loc)}")
        return None
    phys = loc.get("physicalLocation")
    if not isinstance(phys, dict):
        if required:
            ctx.error(where, "no physicalLocation: not loaded")
        return None
    art = phys.get("artifactLocation")
    if not isinstance(art, dict):
        ctx.error(f"{where}.physicalLocation", "missing required field artifactLocation: not loaded")
        return None
    raw = run.path_of(art, f"{where}.physicalLocation.artifactLocation")
    if raw is None:
        return None
    reg = phys.get("region")
    rwhere = f"{where}.physicalLocation.region"
    if reg is None:
        reg = {"startLine": 1}
        ctx.warn(rwhere, "no region: the finding is placed on line 1")
    if not isinstance(reg, dict):
        ctx.error(rwhere, f"expected an object, got {type_name(reg)}: not loaded")
        return None
    if "startLine" not in reg:
        ctx.error(rwhere, "region without startLine (byte/char offsets are not supported): not loaded")
        return None
    r = region(
        ctx,
        reg.get("startLine"),
        rwhere,
        start_column=reg.get("startColumn"),
        end_line=reg.get("endLine"),
        end_column=reg.get("endColumn"),
    )
    if r is None:
        return None
    snippet = reg.get("snippet")
    snip = snippet.get("text") if isinstance(snippet, dict) else None
    return raw, r, text(ctx, snip, f"{rwhere}.snippet.text") if isinstance(snip, str) else None


def _steps(run: _Run, result: dict[str, Any], where: str) -> tuple[TraceStep, ...]:
    steps: list[TraceStep] = []
    ctx = run.ctx
    for fi, flow in enumerate(opt_list(ctx, result, "codeFlows", where)):
        if not isinstance(flow, dict):
            continue
        for ti, thread in enumerate(opt_list(ctx, flow, "threadFlows", f"{where}.codeFlows[{fi}]")):
            if not isinstance(thread, dict):
                continue
            twhere = f"{where}.codeFlows[{fi}].threadFlows[{ti}]"
            for li, tfl in enumerate(opt_list(ctx, thread, "locations", twhere)):
                lwhere = f"{where}.codeFlows[{fi}].threadFlows[{ti}].locations[{li}]"
                if not isinstance(tfl, dict) or not isinstance(tfl.get("location"), dict):
                    continue
                step = _step(run, tfl["location"], f"{lwhere}.location", "flow")
                if step is not None:
                    steps.append(step)
    for ri, rel in enumerate(opt_list(ctx, result, "relatedLocations", where)):
        step = _step(run, rel, f"{where}.relatedLocations[{ri}]", "related")
        if step is not None:
            steps.append(step)
    return tuple(steps)


def _step(run: _Run, loc: Any, where: str, kind: str) -> TraceStep | None:
    got = _location(run, loc, where, required=False)
    if got is None:
        return None
    raw, reg, snippet = got
    rel, why = run.ctx.paths.map(raw)
    if rel is None:
        run.ctx.warn(where, f"trace step dropped: {why}")
        return None
    msg = text(run.ctx, _text(loc.get("message")) or "", f"{where}.message")
    return TraceStep(
        location=Location(rel, reg, snippet), message=msg, kind="flow" if kind == "flow" else "related"
    )


def read(doc: Any, ctx: ReadContext) -> Iterator[Read]:
    if not isinstance(doc, dict):
        ctx.error("$", f"expected a SARIF log object, got {type_name(doc)}")
        return
    version = doc.get("version")
    if version is None and "$" not in ctx.incomplete:
        ctx.warn("$.version", "missing required field: read as SARIF 2.1.0")
    elif version is not None and version != "2.1.0":
        ctx.warn("$.version", f"SARIF version {version!r}: read as 2.1.0")
    runs = get_list(ctx, doc, "runs", "$", required=True)
    for ri, run_doc in items(ctx, runs, "$.runs"):
        rwhere = f"$.runs[{ri}]"
        try:
            run = _Run(ctx, run_doc, rwhere)
        except Exception as exc:  # a run's header never stops the other runs
            ctx.error(rwhere, f"run could not be read ({type(exc).__name__}: {str(exc)[:200]}): not loaded")
            continue
        results = get_list(ctx, run_doc, "results", rwhere)

        def one(res: dict[str, Any], where: str, xi: int, run: _Run = run, ri: int = ri) -> Finding | None:
            return _finding(run, res, where, ri, xi)

        yield from records(ctx, results, f"{rwhere}.results", one)


def _finding(run: _Run, res: dict[str, Any], where: str, ri: int, xi: int) -> Finding | None:
    ctx = run.ctx
    rid, rule = run.rule_for(res, where)
    if rid is None:
        ctx.error(where, "missing required field ruleId (and no rule reference): not loaded")
        return None
    message = _text(res.get("message"), rule)
    if message is None:
        if "message" not in res:
            ctx.error(f"{where}.message", "missing required field: the rule's description is used")
        else:
            ctx.error(f"{where}.message", "message has no text: the rule's description is used")
        message = (
            rule and (_text(rule.get("shortDescription")) or _text(rule.get("fullDescription")))
        ) or rid
    message = text(ctx, message, f"{where}.message")
    locs = res.get("locations")
    if not isinstance(locs, list) or not locs:
        if locs is not None and not isinstance(locs, list):
            ctx.error(f"{where}.locations", f"expected an array, got {type_name(locs)}: not loaded")
        else:
            ctx.error(where, "result has no location in the code: not loaded")
        return None
    got = _location(run, locs[0], f"{where}.locations[0]", required=True)
    if got is None:
        return None
    raw, reg, snippet = got
    location = ctx.location(raw, reg, f"{where}.locations[0]", snippet)
    if location is None:
        return None
    level_raw = res.get("level")
    if level_raw is None and rule is not None:
        dc = rule.get("defaultConfiguration")
        level_raw = dc.get("level") if isinstance(dc, dict) else None
    level: Level = "warning"
    known = next((lv for lv in LEVELS if lv == level_raw), None)
    if known is not None:
        level = known
    elif level_raw is not None:
        ctx.warn(f"{where}.level", f"unknown level {str(level_raw)[:60]!r}: 'warning' used")
    props = as_dict(res.get("properties"))
    rprops = as_dict(rule.get("properties")) if rule is not None else {}
    severity = props.get("issue_severity") or props.get("severity") or rprops.get("security-severity")
    confidence = props.get("issue_confidence") or props.get("confidence") or rprops.get("precision")
    fps: dict[str, str] = {}
    for key in ("fingerprints", "partialFingerprints"):
        value = res.get(key)
        if isinstance(value, dict):
            fps.update(
                {
                    str(k)[:MAX_NAME_CHARS]: str(v)[:MAX_NAME_CHARS]
                    for k, v in value.items()
                    if isinstance(v, str | int)
                }
            )
    help_text = None
    help_uri = None
    name = None
    if rule is not None:
        help_text = (
            _text(rule.get("help"))
            or _text(rule.get("fullDescription"))
            or _text(rule.get("shortDescription"))
        )
        help_text = text(ctx, help_text, f"{where}.rule.help") if help_text is not None else None
        help_uri = opt_str(ctx, rule, "helpUri", f"{where}.rule")
        name = opt_str(ctx, rule, "name", f"{where}.rule", limit=MAX_NAME_CHARS)
    return Finding(
        tool=run.tool,
        rule_id=rid,
        message=message,
        location=location,
        level=level,
        tool_version=run.version,
        rule_name=name,
        rule_help=help_text,
        help_uri=help_uri,
        cwe=_cwes(run, rule, res, where),
        severity=str(severity)[:MAX_NAME_CHARS] if isinstance(severity, str | int | float) else None,
        confidence=str(confidence)[:MAX_NAME_CHARS] if isinstance(confidence, str | int | float) else None,
        trace=_steps(run, res, where),
        tool_fingerprints=fps,
        source_file=ctx.file,
        run_index=ri,
        result_index=xi,
        properties=dict(props),
    )
