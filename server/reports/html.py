"""The HTML report of a triage: one self-contained file, readable offline.

Inline CSS, inline SVG bar charts (verdicts by rule, CWE, file and tool; confidence;
time and tokens per finding), and every finding with its verdict, justification and
evidence as numbered code excerpts, filterable by verdict with a few lines of inline
JavaScript. Nothing is fetched from anywhere.

Code under analysis is untrusted: every string from findings, verdicts or source files
goes through :func:`esc`; the script never builds HTML from data; and a Content-Security-
Policy allows only this file's own script (by hash), so even a missed escape could not
run injected code.
"""

from __future__ import annotations

import base64
import hashlib
import html
from collections import Counter
from collections.abc import Callable, Mapping, Sequence

from sastls.analyzers.findings.model import Finding
from sastls.graph.verdict import Verdict

from .stats import (
    UNTRIAGED,
    Merged,
    RunStats,
    by_facet,
    confidence_histogram,
    cwe_key,
    false_positive_rules,
    file_key,
    finding_counts,
    investigated_verdicts,
    label_of,
    merged,
    percentile,
    rule_key,
    scope_text,
    tool_key,
)

ReadLines = Callable[[str], Sequence[str] | None]

COLORS = {
    "TRUE_POSITIVE": "#cf222e",
    "NEEDS_REVIEW": "#d29922",
    "FALSE_POSITIVE": "#2da44e",
    UNTRIAGED: "#8c959f",
}
NAMES = {
    "TRUE_POSITIVE": "True positive",
    "NEEDS_REVIEW": "Needs review",
    "FALSE_POSITIVE": "False positive",
    UNTRIAGED: "Not triaged",
}
LABELS = ("TRUE_POSITIVE", "NEEDS_REVIEW", "FALSE_POSITIVE", UNTRIAGED)  # display and stacking order
MAX_EXCERPT_LINES = 40


def duration(seconds: float) -> str:
    if seconds < 1:
        return f"{seconds * 1000:.1f} ms" if seconds < 0.01 else f"{seconds * 1000:.0f} ms"
    if seconds < 120:
        return f"{seconds:.1f} s"
    return f"{seconds / 60:.1f} min"


def esc(value: object) -> str:
    """HTML-escape anything (text and attribute values alike)."""
    return html.escape(str(value), quote=True)


# --- charts -------------------------------------------------------------------------------------------


def _clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def bar_chart(title: str, rows: Sequence[tuple[str, Counter[str]]], *, width: int = 520) -> str:
    """Horizontal stacked bars, one per row, split by verdict."""
    if not rows:
        return ""
    label_w, bar_h, gap, top = 190, 16, 7, 4
    bar_w = width - label_w - 44
    most = max(sum(c.values()) for _, c in rows) or 1
    height = top + len(rows) * (bar_h + gap)
    parts = [
        f'<figure class="chart"><figcaption>{esc(title)}</figcaption>'
        f'<svg viewBox="0 0 {width} {height}" width="100%" role="img" aria-label="{esc(title)}">'
    ]
    for i, (name, c) in enumerate(rows):
        y = top + i * (bar_h + gap)
        total = sum(c.values())
        parts.append(
            f'<text x="{label_w - 8}" y="{y + bar_h - 4}" text-anchor="end" class="lbl">'
            f"<title>{esc(name)}</title>{esc(_clip(name, 28))}</text>"
        )
        x = float(label_w)
        for label in LABELS:
            n = c.get(label, 0)
            if not n:
                continue
            w = bar_w * n / most
            parts.append(
                f'<rect x="{x:.1f}" y="{y}" width="{max(w, 1.5):.1f}" height="{bar_h}" rx="2" '
                f'fill="{COLORS[label]}"><title>{esc(name)} — {esc(NAMES[label])}: {n}</title></rect>'
            )
            x += w
        parts.append(f'<text x="{x + 5:.1f}" y="{y + bar_h - 4}" class="num">{total}</text>')
    parts.append("</svg></figure>")
    return "".join(parts)


def column_chart(
    title: str, columns: Sequence[tuple[str, Counter[str]]], *, note: str = "", width: int = 520
) -> str:
    """Vertical stacked columns (a histogram), split by verdict."""
    if not columns or not any(sum(c.values()) for _, c in columns):
        return ""
    left, bottom, top, height = 34, 34, 12, 190
    plot_h = height - bottom - top
    slot = (width - left - 8) / len(columns)
    col_w = max(6.0, slot * 0.7)
    most = max(sum(c.values()) for _, c in columns) or 1
    most += most % 2 if most > 1 else 0  # an even axis top: the middle grid line is a whole count
    parts = [
        f'<figure class="chart"><figcaption>{esc(title)}'
        + (f' <span class="note">{esc(note)}</span>' if note else "")
        + f'</figcaption><svg viewBox="0 0 {width} {height}" width="100%" role="img" '
        + f'aria-label="{esc(title)}">'
    ]
    for frac in (0.0, 0.5, 1.0) if most > 1 else (0.0, 1.0):
        y = top + plot_h * (1 - frac)
        parts.append(f'<line x1="{left}" x2="{width - 4}" y1="{y:.1f}" y2="{y:.1f}" class="grid"/>')
        parts.append(
            f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end" class="num">{round(most * frac)}</text>'
        )
    for i, (name, c) in enumerate(columns):
        x = left + i * slot + (slot - col_w) / 2
        y = float(top + plot_h)
        for label in LABELS:
            n = c.get(label, 0)
            if not n:
                continue
            h = plot_h * n / most
            y -= h
            parts.append(
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{col_w:.1f}" height="{max(h, 1.0):.1f}" '
                f'fill="{COLORS[label]}"><title>{esc(name)} — {esc(NAMES[label])}: {n}</title></rect>'
            )
        parts.append(
            f'<text x="{x + col_w / 2:.1f}" y="{height - bottom + 16}" text-anchor="middle" class="tick">'
            f"{esc(name)}</text>"
        )
    parts.append("</svg></figure>")
    return "".join(parts)


def _bucket(value: float, edges: Sequence[tuple[float, str]], last: str) -> str:
    for edge, name in edges:
        if value < edge:
            return name
    return last


TIME_BINS = ((0.001, "<1ms"), (0.01, "<10ms"), (0.1, "<0.1s"), (1.0, "<1s"), (10.0, "<10s"), (60.0, "<1m"))
TOKEN_BINS = ((1, "0"), (1000, "<1k"), (5000, "<5k"), (20000, "<20k"), (50000, "<50k"))


def _histogram(
    verdicts: Sequence[Verdict],
    value: Callable[[Verdict], float],
    bins: Sequence[tuple[float, str]],
    last: str,
) -> list[tuple[str, Counter[str]]]:
    table: dict[str, Counter[str]] = {name: Counter() for _, name in bins}
    table[last] = Counter()
    for v in verdicts:
        table[_bucket(value(v), bins, last)][v.verdict] += 1
    return list(table.items())


# --- code excerpts -------------------------------------------------------------------------------------


def excerpt(
    lines: Sequence[str] | None, start: int, end: int, *, context: int = 2, snippet: str | None = None
) -> str:
    """Numbered lines ``start..end`` (1-based) with some context; the cited lines are marked."""
    end = max(start, end)
    if lines is None:
        if not snippet:
            return ""
        rows = [(start + i, text) for i, text in enumerate(snippet.splitlines()[:MAX_EXCERPT_LINES])]
    else:
        lo = max(1, start - context)
        hi = min(len(lines), end + context, lo + MAX_EXCERPT_LINES - 1)
        rows = [(n, lines[n - 1]) for n in range(lo, hi + 1)]
    if not rows:
        return ""
    body = "".join(
        f'<span class="ln{" hit" if start <= n <= end else ""}"><i>{n}</i>{esc(text.rstrip())}\n</span>'
        for n, text in rows
    )
    return f'<pre class="code">{body}</pre>'


# --- page ----------------------------------------------------------------------------------------------


SCRIPT = """(function () {
  var show = 'ALL';
  var q = document.getElementById('q');
  var shown = document.getElementById('shown');
  var items = Array.prototype.slice.call(document.querySelectorAll('.finding'));
  var buttons = Array.prototype.slice.call(document.querySelectorAll('button[data-filter]'));
  function apply() {
    var text = (q.value || '').toLowerCase();
    var n = 0;
    items.forEach(function (el) {
      var ok = (show === 'ALL' || el.getAttribute('data-verdict') === show) &&
               (!text || el.getAttribute('data-search').indexOf(text) >= 0);
      el.hidden = !ok;
      if (ok) { n += 1; }
    });
    shown.textContent = String(n);
    buttons.forEach(function (b) {
      b.setAttribute('aria-pressed', b.getAttribute('data-filter') === show ? 'true' : 'false');
    });
  }
  buttons.forEach(function (b) {
    b.addEventListener('click', function () {
      show = b.getAttribute('data-filter');
      try { history.replaceState(null, '', '#' + show); } catch (e) { /* file:// in some browsers */ }
      apply();
    });
  });
  var wanted = decodeURIComponent(location.hash.slice(1));
  buttons.forEach(function (b) { if (b.getAttribute('data-filter') === wanted) { show = wanted; } });
  q.addEventListener('input', apply);
  document.getElementById('expand').addEventListener('click', function () {
    var open = this.getAttribute('data-open') !== 'true';
    items.forEach(function (el) { if (!el.hidden) { el.open = open; } });
    this.setAttribute('data-open', open ? 'true' : 'false');
    this.textContent = open ? 'Collapse all' : 'Expand all';
  });
  apply();
})();
"""

CSS = """
:root{--bg:#f6f8fa;--card:#fff;--fg:#1f2328;--muted:#656d76;--line:#d0d7de;--code:#f6f8fa;--hit:#fff8c5;
--tp:#cf222e;--nr:#d29922;--fp:#2da44e;--un:#8c959f}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--card:#161b22;--fg:#e6edf3;--muted:#8d96a0;
--line:#30363d;
--code:#0d1117;--hit:#3b2e00}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:14px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",
Helvetica,Arial,sans-serif}
header{background:#24292f;color:#fff;padding:22px 32px 18px}
header h1{margin:0;font-size:22px;font-weight:600;letter-spacing:.2px}
header h1 b{color:#ff8182}
header .meta{color:#c9d1d9;font-size:12.5px;margin-top:6px}
header .meta span{margin-right:14px}
main{max-width:1280px;margin:0 auto;padding:22px 32px 60px}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(128px,1fr));gap:12px;margin-bottom:20px}
.card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:12px 16px;
border-top:4px solid var(--un)}
.card .n{font-size:28px;font-weight:650;line-height:1.2}
.card .t{color:var(--muted);font-size:12px;text-transform:uppercase;letter-spacing:.5px}
.card.tp{border-top-color:var(--tp)}.card.nr{border-top-color:var(--nr)}.card.fp{border-top-color:var(--fp)}
.card.all{border-top-color:#0969da}.card.cost{border-top-color:#8250df}
h2{font-size:17px;margin:28px 0 10px;padding-bottom:6px;border-bottom:1px solid var(--line)}
.charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(460px,1fr));gap:14px}
.chart{margin:0;background:var(--card);border:1px solid var(--line);border-radius:8px;padding:12px 14px}
.chart figcaption{font-weight:600;margin-bottom:8px}
.chart .note{font-weight:400;color:var(--muted);font-size:12px;margin-left:6px}
svg text{fill:var(--fg);font-size:11.5px}
svg .num,svg .tick{fill:var(--muted);font-size:11px}
svg .grid{stroke:var(--line);stroke-width:1}
.legend{display:flex;gap:16px;flex-wrap:wrap;color:var(--muted);font-size:12.5px;margin:4px 0 12px}
.legend i{display:inline-block;width:11px;height:11px;border-radius:2px;margin-right:5px;vertical-align:-1px}
table{border-collapse:collapse;background:var(--card);border:1px solid var(--line);border-radius:8px;
overflow:hidden;width:100%}
th,td{padding:6px 12px;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
th{background:var(--code);font-weight:600;font-size:12.5px}
td.r,th.r{text-align:right;font-variant-numeric:tabular-nums}
.toolbar{position:sticky;top:0;z-index:2;background:var(--bg);padding:10px 0;display:flex;gap:8px;
flex-wrap:wrap;align-items:center;border-bottom:1px solid var(--line);margin-bottom:12px}
.toolbar button{font:inherit;font-size:13px;border:1px solid var(--line);background:var(--card);
color:var(--fg);
border-radius:999px;padding:4px 12px;cursor:pointer}
.toolbar button[aria-pressed=true]{background:#0969da;border-color:#0969da;color:#fff}
.toolbar input{font:inherit;flex:1;min-width:220px;padding:5px 10px;border:1px solid var(--line);
border-radius:6px;
background:var(--card);color:var(--fg)}
.toolbar .count{color:var(--muted);font-size:12.5px}
details.finding{background:var(--card);border:1px solid var(--line);border-left:5px solid var(--un);
border-radius:8px;margin:8px 0}
details.finding[data-verdict=TRUE_POSITIVE]{border-left-color:var(--tp)}
details.finding[data-verdict=NEEDS_REVIEW]{border-left-color:var(--nr)}
details.finding[data-verdict=FALSE_POSITIVE]{border-left-color:var(--fp)}
details.finding>summary{cursor:pointer;padding:9px 14px;list-style:none;display:flex;gap:10px;
align-items:baseline;flex-wrap:wrap}
details.finding>summary::-webkit-details-marker{display:none}
.badge{font-size:11px;font-weight:700;border-radius:999px;padding:2px 9px;color:#fff;white-space:nowrap;
background:var(--un)}
.badge.TRUE_POSITIVE{background:var(--tp)}.badge.NEEDS_REVIEW{background:var(--nr)}
.badge.FALSE_POSITIVE{background:var(--fp)}
.loc{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
.rule{color:var(--muted);font-size:12.5px}
.conf{margin-left:auto;color:var(--muted);font-size:12px;white-space:nowrap}
.lvl{font-size:11px;border:1px solid var(--line);border-radius:4px;padding:0 5px;color:var(--muted)}
.body{padding:2px 18px 14px;border-top:1px solid var(--line)}
.body p{margin:8px 0}
.k{color:var(--muted);font-size:12px;text-transform:uppercase;letter-spacing:.4px;margin-top:12px}
.why{margin:10px 0 4px}
.why b{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-weight:600;font-size:12.5px}
.role{font-size:11px;background:var(--code);border:1px solid var(--line);border-radius:4px;padding:0 5px;
margin-right:6px}
pre.code{background:var(--code);border:1px solid var(--line);border-radius:6px;padding:6px 0;margin:4px 0 8px;
overflow-x:auto;font:12.5px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
pre.code .ln{display:block;padding:0 12px 0 0;white-space:pre}
pre.code .ln i{display:inline-block;width:52px;padding-right:12px;text-align:right;color:var(--muted);
font-style:normal;user-select:none}
pre.code .hit{background:var(--hit)}
.facts{color:var(--muted);font-size:12px;margin-top:10px}
.facts span{margin-right:14px}
footer{color:var(--muted);font-size:12px;text-align:center;margin-top:40px}
"""


def _csp() -> str:
    digest = base64.b64encode(hashlib.sha256(SCRIPT.encode("utf-8")).digest()).decode("ascii")
    return (
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; "
        f"script-src 'sha256-{digest}'; base-uri 'none'; form-action 'none'"
    )


def _finding_html(
    g: Merged,
    v: Verdict | None,
    read: ReadLines | None,
    index: int,
    *,
    open_: bool = False,
) -> str:
    f = g.primary
    label = label_of(f, {f.fingerprint: v} if v is not None else {})
    cwes = sorted({c for m in g.members for c in m.cwe})
    cwe = ", ".join(f"CWE-{c}" for c in cwes)
    rules = ", ".join(f"{m.tool} · {m.rule_id}" for m in dict((rule_key(m), m) for m in g.members).values())
    search = " ".join([*g.tools, *(m.rule_id for m in g.members), f.path, f.message, cwe, label]).lower()
    conf = f"confidence {v.confidence:.2f}" if v is not None else ""
    head = (
        f'<details class="finding" id="f{index}" data-verdict="{esc(label)}" data-search="{esc(search)}"'
        f"{' open' if open_ else ''}>"
        f'<summary><span class="badge {esc(label)}">{esc(NAMES.get(label, label))}</span>'
        f'<span class="loc">{esc(f.path)}:{f.line}</span>'
        f'<span class="rule">{esc(rules)}{" · " + esc(cwe) if cwe else ""}</span>'
        f'<span class="lvl">{esc(f.level)}</span><span class="conf">{esc(conf)}</span></summary>'
    )
    body = [f'<div class="body"><p>{esc(f.message)}</p>']
    for m in g.members[1:]:
        if m.message.strip() != f.message.strip():
            body.append(f"<p>{esc(m.tool)} {esc(m.rule_id)}: {esc(m.message)}</p>")
    lines = read(f.path) if read is not None else None
    body.append('<div class="k">Finding</div>')
    body.append(
        excerpt(lines, f.line, f.location.region.last_line, context=3, snippet=f.location.snippet)
        or '<p class="facts">source not available</p>'
    )
    if v is not None:
        body.append('<div class="k">Justification</div>')
        body.append(f"<p>{esc(v.justification) or '—'}</p>")
        if v.evidence:
            body.append('<div class="k">Evidence</div>')
            for e in v.evidence:
                ev_lines = (read(e.path) if read is not None else None) if e.path else None
                body.append(
                    f'<div class="why"><span class="role">{esc(e.role)}</span>'
                    f"<b>{esc(e.path)}:{e.start_line}"
                    f"{'-' + str(e.end_line) if e.end_line > e.start_line else ''}</b> — {esc(e.why)}</div>"
                )
                body.append(excerpt(ev_lines, e.start_line, e.end_line, snippet=e.snippet))
        facts = [f"analyst {esc(v.analyst)}"]
        if v.model:
            facts.append(f"model {esc(v.model)}")
        if v.reason:
            facts.append(f"reason: {esc(v.reason)}")
        if v.stop_reason:
            facts.append(f"stopped: {esc(v.stop_reason)}")
        if v.path_taken:
            facts.append("path: " + esc(" → ".join(v.path_taken)))
        u = v.usage
        facts.append(duration(u.seconds))
        if u.model_calls:
            facts.append(
                f"{u.model_calls} model calls, {u.prompt_tokens + u.completion_tokens:,} tokens, "
                f"${u.cost_usd:.4f}"
            )
        if v.human:
            facts.append("confirmed by a person")
        if len(g.members) > 1:
            facts.append(f"{len(g.members)} scanner reports merged")
        facts.append(f"fingerprint {esc(f.fingerprint[:16])}")
        body.append('<div class="facts">' + "".join(f"<span>{x}</span>" for x in facts) + "</div>")
    body.append("</div></details>")
    return head + "".join(body)


def _legend(present: Counter[str]) -> str:
    shown = [k for k in LABELS if k != UNTRIAGED or present.get(k)]
    return (
        '<div class="legend">'
        + "".join(f'<span><i style="background:{COLORS[k]}"></i>{esc(NAMES[k])}</span>' for k in shown)
        + "</div>"
    )


def render_html(
    findings: Sequence[Finding],
    verdicts: Mapping[str, Verdict],
    stats: RunStats | None = None,
    *,
    read_lines: ReadLines | None = None,
    title: str = "sastls triage report",
    top: int = 12,
) -> str:
    """The report as one HTML document. ``read_lines(path)`` gives a workspace file's lines for excerpts."""
    st = stats if stats is not None else RunStats(total=len(findings))
    groups = merged(findings, st.duplicate_of)
    primaries = [g.primary for g in groups]
    c = finding_counts(groups, verdicts)
    ran = investigated_verdicts(findings, verdicts, st.duplicate_of)
    tokens = [float(v.usage.prompt_tokens + v.usage.completion_tokens) for v in ran]
    seconds = [v.usage.seconds for v in ran]
    cost = sum(v.usage.cost_usd for v in ran)

    meta = [f"analyst <b>{esc(st.analyst)}</b>"]
    if st.model:
        meta.append(f"model <b>{esc(st.model)}</b>")
    meta.append(esc(scope_text(len(groups), len(findings))))
    if st.reused:
        meta.append(f"{st.reused} reused from earlier runs")
    if st.redecided:
        why = ", ".join(f"{n} {r}" for r, n in sorted(st.redecided.items(), key=lambda kv: -kv[1]))
        meta.append(esc(f"{sum(st.redecided.values())} decided again ({why})"))
    if st.shard:
        meta.append(f"shard {esc(st.shard)}")
    meta.append(f"{st.wall_seconds:.1f} s with {st.jobs} jobs")
    if st.generated_at:
        meta.append(esc(st.generated_at))
    headline = (
        f"<b>{c.get('TRUE_POSITIVE', 0)}</b> true positives"
        if c.get("TRUE_POSITIVE")
        else "no true positives"
    )

    cards = [
        ("all", "Findings", str(len(groups))),
        ("tp", "True positives", str(c.get("TRUE_POSITIVE", 0))),
        ("nr", "Needs review", str(c.get("NEEDS_REVIEW", 0))),
        ("fp", "False positives", str(c.get("FALSE_POSITIVE", 0))),
    ]
    if c.get(UNTRIAGED):
        cards.append(("un", "Not triaged", str(c[UNTRIAGED])))
    cards.append(("cost", "Median time / finding", duration(percentile(seconds, 50))))
    if any(tokens):
        cards.append(("cost", "Tokens", f"{int(sum(tokens)):,}"))
        cards.append(("cost", "Model cost", f"${cost:.2f}"))

    charts = [
        bar_chart("Verdicts by rule (scanner reports)", by_facet(findings, verdicts, rule_key, top)),
        bar_chart("Verdicts by CWE", by_facet(primaries, verdicts, cwe_key, top)),
        bar_chart("Verdicts by file", by_facet(primaries, verdicts, file_key, top)),
        bar_chart("Verdicts by tool (scanner reports)", by_facet(findings, verdicts, tool_key, top)),
        column_chart("Confidence", confidence_histogram(primaries, verdicts)),
        column_chart(
            "Time per finding",
            _histogram(ran, lambda v: v.usage.seconds, TIME_BINS, "≥1m"),
            note=f"median {duration(percentile(seconds, 50))} · p95 {duration(percentile(seconds, 95))}",
        ),
    ]
    if any(tokens):
        charts.append(
            column_chart(
                "Tokens per finding",
                _histogram(
                    ran,
                    lambda v: float(v.usage.prompt_tokens + v.usage.completion_tokens),
                    TOKEN_BINS,
                    "≥50k",
                ),
                note=f"median {percentile(tokens, 50):,.0f} · p95 {percentile(tokens, 95):,.0f}",
            )
        )

    fp_rules = false_positive_rules(findings, verdicts, limit=10)
    fp_table = ""
    if fp_rules:
        fp_table = (
            "<h2>Rules with the most false positives</h2><table><tr><th>Rule</th>"
            '<th class="r">False positives</th><th class="r">Findings</th><th class="r">Share</th></tr>'
            + "".join(
                f'<tr><td class="loc">{esc(name)}</td><td class="r">{n}</td><td class="r">{total}</td>'
                f'<td class="r">{100 * n / total:.0f}%</td></tr>'
                for name, n, total in fp_rules
            )
            + "</table>"
        )

    problems = ""
    if st.skipped or st.load_errors:
        reasons = Counter(s.reason for s in st.skipped)
        problems = (
            '<h2>Not triaged and input problems</h2><table><tr><th>What</th><th class="r">Findings</th></tr>'
            + "".join(f'<tr><td>{esc(r)}</td><td class="r">{n}</td></tr>' for r, n in reasons.most_common())
            + "".join(f'<tr><td>{esc(e)}</td><td class="r"></td></tr>' for e in st.load_errors[:200])
            + "</table>"
        )

    order = {"TRUE_POSITIVE": 0, "NEEDS_REVIEW": 1, UNTRIAGED: 2, "FALSE_POSITIVE": 3}
    level_order = {"error": 0, "warning": 1, "note": 2, "none": 3}
    ordered = sorted(
        groups,
        key=lambda g: (
            order.get(label_of(g.primary, verdicts), 9),
            level_order.get(g.primary.level, 9),
            g.primary.path,
            g.primary.line,
        ),
    )
    items = "".join(
        _finding_html(
            g,
            verdicts.get(g.primary.fingerprint),
            read_lines,
            i,
            open_=i < 3 and label_of(g.primary, verdicts) == "TRUE_POSITIVE",  # the first true positives
        )
        for i, g in enumerate(ordered)
    )
    buttons = (
        '<button type="button" data-filter="ALL" aria-pressed="true">All ' + str(len(groups)) + "</button>"
    )
    buttons += "".join(
        f'<button type="button" data-filter="{k}">{esc(NAMES[k])} {c.get(k, 0)}</button>'
        for k in LABELS
        if c.get(k, 0)
    )
    inputs = "".join(f"<span>{esc(i)}</span>" for i in st.inputs)

    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{esc(_csp())}">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{esc(title)}</title><style>{CSS}</style></head><body>"
        f"<header><h1>{esc(title)}: {headline}</h1>"
        f'<div class="meta">{"".join(f"<span>{m}</span>" for m in meta)}</div>'
        + (f'<div class="meta">inputs: {inputs}</div>' if inputs else "")
        + "</header><main>"
        '<section class="cards">'
        + "".join(
            f'<div class="card {k}"><div class="n">{esc(n)}</div><div class="t">{esc(t)}</div></div>'
            for k, t, n in cards
        )
        + "</section>"
        + "<h2>Overview</h2>"
        + _legend(c)
        + f'<section class="charts">{"".join(x for x in charts if x)}</section>'
        + fp_table
        + problems
        + "<h2>Findings</h2>"
        + f'<div class="toolbar">{buttons}'
        + '<input id="q" type="search" placeholder="Filter by rule, path, message…" '
        'aria-label="filter"><button type="button" id="expand">Expand all</button>'
        f'<span class="count"><span id="shown">{len(groups)}</span> shown</span></div>'
        + f'<section id="findings">{items}</section>'
        + "<footer>Generated by sastls · self-contained, works offline</footer>"
        + f"</main><script>{SCRIPT}</script></body></html>\n"
    )
