"""Findings (and their verdicts) as LSP diagnostics: a pure presenter.

The diagnostic carries its own payload in ``data`` (fingerprint, key, tools, rule)
so code actions and commands never recompute it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from lsprotocol import types as lsp
from sastls.analyzers.config import Config
from sastls.analyzers.findings.model import Finding
from sastls.graph.verdict import Verdict

from .documents import Span, TrackedFinding
from .positions import Encoding, to_client

UriOf = Callable[[str], str]

_SEVERITY: dict[str, lsp.DiagnosticSeverity] = {
    "error": lsp.DiagnosticSeverity.Error,
    "warning": lsp.DiagnosticSeverity.Warning,
    "note": lsp.DiagnosticSeverity.Information,
    "none": lsp.DiagnosticSeverity.Hint,
}


def verdict_for(tf: TrackedFinding, verdicts: Mapping[str, Verdict]) -> Verdict | None:
    """The verdict that applies to a finding: a human one first, then the newest."""
    found = [v for fp in tf.fingerprints if (v := verdicts.get(fp)) is not None]
    if not found:
        return None
    return max(found, key=lambda v: (v.human, v.decided_at))


def cwe_url(cwe: int) -> str:
    return f"https://cwe.mitre.org/data/definitions/{cwe}.html"


def help_href(finding: Finding) -> str | None:
    uri = finding.help_uri or ""
    if uri.startswith(("http://", "https://")):
        return uri
    return cwe_url(finding.cwe[0]) if finding.cwe else None


def short_reason(verdict: Verdict, limit: int = 80) -> str:
    text = (verdict.reason or verdict.justification or verdict.stop_reason or "").strip()
    text = text.split("\n", 1)[0]
    for end in (". ", "; "):
        if end in text:
            text = text.split(end, 1)[0]
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def verdict_suffix(verdict: Verdict) -> str:
    reason = short_reason(verdict)
    tail = f": {reason}" if reason else ""
    if verdict.verdict == "FALSE_POSITIVE":
        head = "false positive (confirmed)" if verdict.human else "likely false positive"
    elif verdict.verdict == "TRUE_POSITIVE":
        head = "confirmed real" if verdict.human else "likely true positive"
    else:
        head = "needs review"
    return f"[{head}{tail}]"


def client_range(
    span: Span, lines: Sequence[str] | None, encoding: Encoding, texts: tuple[str, str]
) -> lsp.Range:
    if lines is not None and span.end_line < len(lines):
        sline, eline = lines[span.start_line], lines[span.end_line]
    else:
        sline, eline = texts
    return lsp.Range(
        start=lsp.Position(line=span.start_line, character=to_client(sline, span.start_col, encoding)),
        end=lsp.Position(line=span.end_line, character=to_client(eline, span.end_col, encoding)),
    )


def _line_range(start_line: int, end_line: int | None = None) -> lsp.Range:
    s = max(start_line - 1, 0)
    e = max((end_line or start_line) - 1, s)
    return lsp.Range(start=lsp.Position(line=s, character=0), end=lsp.Position(line=e + 1, character=0))


def related(
    tf: TrackedFinding, verdict: Verdict | None, uri_of: UriOf
) -> list[lsp.DiagnosticRelatedInformation]:
    out: list[lsp.DiagnosticRelatedInformation] = []
    for step in tf.primary.trace[:20]:
        region = step.location.region
        out.append(
            lsp.DiagnosticRelatedInformation(
                location=lsp.Location(uri=uri_of(step.location.path), range=_line_range(region.start_line)),
                message=step.message or step.kind,
            )
        )
    for other in tf.findings[1:]:
        out.append(
            lsp.DiagnosticRelatedInformation(
                location=lsp.Location(uri=uri_of(other.path), range=_line_range(other.line)),
                message=f"also {other.tool} {other.rule_id}: {other.message}",
            )
        )
    if verdict is not None:
        for ev in verdict.evidence[:20]:
            out.append(
                lsp.DiagnosticRelatedInformation(
                    location=lsp.Location(uri=uri_of(ev.path), range=_line_range(ev.start_line, ev.end_line)),
                    message=f"evidence ({ev.role}): {ev.why}",
                )
            )
    return out


def severity_for(
    tf: TrackedFinding, verdict: Verdict | None, config: Config
) -> lsp.DiagnosticSeverity | None:
    """None when the finding is hidden (a false positive with ``false_positive_display = hide``)."""
    base = _SEVERITY.get(tf.primary.level, lsp.DiagnosticSeverity.Warning)
    if any(_SEVERITY.get(f.level, base) < base for f in tf.findings[1:]):
        base = min(_SEVERITY.get(f.level, base) for f in tf.findings)
    if verdict is None or verdict.verdict == "NEEDS_REVIEW":
        return base
    if verdict.verdict == "TRUE_POSITIVE":
        return min(base, lsp.DiagnosticSeverity.Warning)
    if config.false_positive_display == "hide":
        return None
    if config.false_positive_display == "hint":
        return lsp.DiagnosticSeverity.Hint
    return base


def diagnostic_for(
    tf: TrackedFinding,
    verdict: Verdict | None,
    config: Config,
    *,
    uri_of: UriOf,
    encoding: Encoding,
    lines: Sequence[str] | None,
) -> lsp.Diagnostic | None:
    severity = severity_for(tf, verdict, config)
    if severity is None or not tf.alive:
        return None
    p = tf.primary
    message = p.message.strip() or p.rule_name or p.rule_id
    if len(tf.findings) > 1:
        others = ", ".join(f"{f.tool} {f.rule_id}" for f in tf.findings[1:])
        message = f"{message} (also: {others})"
    if verdict is not None:
        message = f"{message} {verdict_suffix(verdict)}"
    href = help_href(p) or next((h for f in tf.findings[1:] if (h := help_href(f))), None)
    data: dict[str, object] = {
        "fingerprint": tf.fingerprint,
        "fingerprints": list(dict.fromkeys((tf.fingerprint, *(f.fingerprint for f in tf.findings)))),
        "key": tf.key,
        "tool": p.tool,
        "tools": list(tf.tools),
        "rule_id": p.rule_id,
    }
    data["verdict"] = verdict.verdict if verdict is not None else None
    return lsp.Diagnostic(
        range=client_range(tf.span, lines, encoding, tf.line_texts),
        severity=severity,
        code=p.rule_id,
        code_description=lsp.CodeDescription(href=href) if href else None,
        source=", ".join(tf.tools),
        message=message,
        related_information=related(tf, verdict, uri_of) or None,
        data=data,
    )
